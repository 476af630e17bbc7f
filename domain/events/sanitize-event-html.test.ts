import { describe, expect, it } from "vitest";
import { eventHtmlToText, sanitizeEventHtml } from "./sanitize-event-html";

const REL = 'rel="noopener noreferrer nofollow" target="_blank"';

const xssVectors = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.test/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<p onclick="alert(1)">x</p>',
  "<p ONMOUSEOVER=alert(1)>x</p>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="https://evil.test">inner</iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  "<svg onload=alert(1)><circle/></svg>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<div style="background:url(javascript:alert(1))">text</div>',
  '<form action="javascript:alert(1)"><button formaction=javascript:alert(1)>x</button></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  "<<script>script>alert(1)<</script>/script>",
  "<!--<img src=x onerror=alert(1)>-->",
  "<template><script>alert(1)</script></template>",
  "<textarea><script>alert(1)</script></textarea>",
  '<base href="javascript:alert(1)//"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel=import href=x>',
  '<a href="https://ok.test" onfocus=alert(1) autofocus>ok</a>',
  "<body onload=alert(1)>x</body>",
  "<details open ontoggle=alert(1)>x</details>",
  "<video><source onerror=alert(1)></video>",
  "<input onfocus=alert(1) autofocus>",
  "<marquee onstart=alert(1)>x</marquee>",
  "<p>x</p><script>document.cookie</script><p>y</p>",
  '<a href="https://x.test/?a=&quot;onmouseover=alert(1)">x</a>',
  "<xmp><img src=x onerror=alert(1)></xmp>",
  '<h2 onclick=alert(1) class="evil" id="x">T</h2>',
  '<img src="javascript:alert(1)">',
  '<a href="//evil.test">x</a>',
];

describe("sanitizeEventHtml", () => {
  it.each(xssVectors)("neutralises %s", (vector) => {
    const output = sanitizeEventHtml(vector);
    expect(output).not.toMatch(/<script|<img|<iframe|<svg|<math|<style|<object|<embed|<form|<input|<base|<meta|<link/i);
    expect(output).not.toMatch(/\son\w+\s*=/i);
    expect(output).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(output).not.toMatch(/style=|class=|id=/i);
    expect(sanitizeEventHtml(output)).toBe(output);
  });

  it("drops scripts, styles and frames with their content", () => {
    expect(sanitizeEventHtml("<p>a</p><script>alert(1)</script><style>p{}</style><iframe>frame</iframe><p>b</p>")).toBe(
      "<p>a</p><p>b</p>",
    );
  });

  it("keeps the allowed tags without their attributes", () => {
    const html =
      '<h2 class="t">Titre</h2><h3 style="x">Sous-titre</h3><p id="p">Du <strong>gras</strong>, de l\'<em>italique</em>, ' +
      "<u>souligné</u> et <s>barré</s>.<br></p><ul><li>un</li></ul><ol><li>deux</li></ol><blockquote>cité</blockquote><hr>";
    expect(sanitizeEventHtml(html)).toBe(
      "<h2>Titre</h2><h3>Sous-titre</h3><p>Du <strong>gras</strong>, de l'<em>italique</em>, <u>souligné</u> et <s>barré</s>.<br /></p>" +
        "<ul><li>un</li></ul><ol><li>deux</li></ol><blockquote>cité</blockquote><hr />",
    );
  });

  it("keeps http, https and mailto links and forces rel and target", () => {
    expect(sanitizeEventHtml('<a href="https://billets.test/a?b=1&c=2" target="_self" rel="opener">ok</a>')).toBe(
      `<a href="https://billets.test/a?b=1&amp;c=2" ${REL}>ok</a>`,
    );
    expect(sanitizeEventHtml('<a href="http://x.test">x</a>')).toBe(`<a href="http://x.test" ${REL}>x</a>`);
    expect(sanitizeEventHtml('<a href="mailto:contact@x.test">écrire</a>')).toBe(
      `<a href="mailto:contact@x.test" ${REL}>écrire</a>`,
    );
  });

  it("removes other link targets but keeps the text", () => {
    for (const href of ["javascript:alert(1)", "/relative", "#anchor", "//evil.test", "ftp://x.test", "tel:+331"]) {
      expect(sanitizeEventHtml(`<a href="${href}">lien</a>`)).toBe(`<a ${REL}>lien</a>`);
    }
  });

  it("maps headings and old tags to the allowed ones", () => {
    expect(sanitizeEventHtml("<h1>A</h1><h4>B</h4><b>C</b><i>D</i><del>E</del>")).toBe(
      "<h2>A</h2><h3>B</h3><strong>C</strong><em>D</em><s>E</s>",
    );
  });

  it("escapes text and quotes in attributes", () => {
    expect(sanitizeEventHtml("<p>a < b & c > d</p>")).toBe("<p>a &lt; b &amp; c &gt; d</p>");
    expect(sanitizeEventHtml("<a href='https://x.test/?q=\"><script>'>x</a>")).toBe(
      `<a href="https://x.test/?q=&quot;&gt;&lt;script&gt;" ${REL}>x</a>`,
    );
  });

  it("closes unclosed tags and drops unknown ones keeping their text", () => {
    expect(sanitizeEventHtml("<p><strong>gras")).toBe("<p><strong>gras</strong></p>");
    expect(sanitizeEventHtml("<div><span>texte</span></div>")).toBe("texte");
    expect(sanitizeEventHtml("")).toBe("");
  });
});

describe("eventHtmlToText", () => {
  it("gives the visible text only", () => {
    expect(eventHtmlToText("<p>  Bonjour&nbsp;<strong>à tous</strong></p><script>x</script><p></p>")).toBe(
      "Bonjour à tous",
    );
    expect(eventHtmlToText("<p><br></p>")).toBe("");
  });

  it("decodes entities, so the text is escaped once by whoever shows it", () => {
    expect(
      eventHtmlToText("<p>Rock &amp; Roll &lt;live&gt; &quot;2026&quot; &#39;ici&#39; &eacute;t&eacute;</p>"),
    ).toBe(`Rock & Roll <live> "2026" 'ici' été`);
    expect(eventHtmlToText("<p>&amp;amp;</p>")).toBe("&amp;");
    expect(eventHtmlToText(sanitizeEventHtml("<p>Fish & chips</p>"))).toBe("Fish & chips");
  });

  it("separates blocks and lines with a space", () => {
    expect(eventHtmlToText("<h2>Programme</h2><ul><li>Concert</li><li>DJ set</li></ul><p>Un<br>Deux</p>")).toBe(
      "Programme Concert DJ set Un Deux",
    );
  });
});
