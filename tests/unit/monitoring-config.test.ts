import { describe, expect, it } from "vitest";
import {
  analyticsDecision,
  monitoringConfigFromEnv,
  monitoringMetaTag,
  readMonitoringConfig,
} from "../../domain/http/monitoring-config";
import {
  GZIP_BUDGET_BYTES,
  judgeBundle,
  MIB,
  parseWranglerTotals,
  PLATFORM_LIMIT_BYTES,
} from "../../scripts/check-bundle";

const DSN = "https://0123456789abcdef@o1.ingest.de.sentry.io/4500000000000001";
const analyticsEnv = {
  ANALYTICS_SCRIPT_URL: "https://plausible.io/js/script.js",
  ANALYTICS_SITE_ID: "billetterie.example.org",
};

/** What the browser's `document.querySelector` finds for a page whose head holds `html`. */
function documentWith(html: string) {
  return {
    querySelector: () => {
      const content = /content="([^"]*)"/.exec(html)?.[1];
      if (content === undefined) return null;
      const decoded = content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
      return { getAttribute: () => decoded } as unknown as Element;
    },
  };
}

describe("the browser's monitoring configuration", () => {
  it("is off by default: no DSN, no analytics, nothing for the page", () => {
    expect(monitoringConfigFromEnv({ ENVIRONMENT: "production" })).toBeNull();
    expect(
      monitoringConfigFromEnv({ SENTRY_DSN: "", ANALYTICS_SCRIPT_URL: "https://plausible.io/js/script.js" }),
    ).toBeNull();
    // Plain http or a malformed URL is not a configuration.
    expect(monitoringConfigFromEnv({ SENTRY_DSN: "http://key@sentry.local/1" })).toBeNull();
    expect(monitoringConfigFromEnv({ ANALYTICS_SCRIPT_URL: "not a url", ANALYTICS_SITE_ID: "x" })).toBeNull();
    expect(readMonitoringConfig(documentWith("<head></head>"))).toBeNull();
  });

  it("carries the DSN and the analytics script through an escaped meta tag", () => {
    const config = monitoringConfigFromEnv({ SENTRY_DSN: DSN, ENVIRONMENT: "production", ...analyticsEnv });
    expect(config).toEqual({
      sentryDsn: DSN,
      environment: "production",
      analytics: { scriptUrl: "https://plausible.io/js/script.js", siteId: "billetterie.example.org" },
    });
    const tag = monitoringMetaTag(config!);
    expect(tag).not.toContain('{"');
    expect(readMonitoringConfig(documentWith(tag))).toEqual(config);
    const hostile = monitoringMetaTag({
      analytics: { scriptUrl: "https://a.example/s.js", siteId: '"><script>x</script>' },
    });
    expect(hostile).not.toContain("<script>");
    expect(readMonitoringConfig(documentWith(hostile))?.analytics?.siteId).toBe('"><script>x</script>');
  });

  it("loads analytics only when configured and after the visitor accepted, asks while unanswered", () => {
    const configured = monitoringConfigFromEnv(analyticsEnv);
    const errorsOnly = monitoringConfigFromEnv({ SENTRY_DSN: DSN });
    expect(analyticsDecision(null, "guichet_consent=ads")).toBe("off");
    expect(analyticsDecision(errorsOnly, "guichet_consent=ads")).toBe("off");
    expect(analyticsDecision(configured, "")).toBe("ask");
    expect(analyticsDecision(configured, "theme=dark; guichet_consent=none")).toBe("off");
    expect(analyticsDecision(configured, "theme=dark; guichet_consent=ads")).toBe("load");
  });
});

describe("the Worker bundle check", () => {
  it("reads wrangler's totals", () => {
    expect(parseWranglerTotals("Total Upload: 7639.45 KiB / gzip: 1774.58 KiB\n")).toEqual({
      bytes: Math.round(7639.45 * 1024),
      gzipBytes: Math.round(1774.58 * 1024),
    });
    expect(parseWranglerTotals("no totals")).toBeNull();
  });

  it("fails over Cloudflare's 64 MiB limit or the 3 MiB gzip budget, whichever measure is larger", () => {
    expect(judgeBundle([{ bytes: 8 * MIB, gzipBytes: 2 * MIB }]).ok).toBe(true);
    expect(
      judgeBundle([
        { bytes: 8 * MIB, gzipBytes: 2 * MIB },
        { bytes: 8 * MIB, gzipBytes: GZIP_BUDGET_BYTES + 1 },
      ]),
    ).toMatchObject({ ok: false, failures: [expect.stringContaining("budget of 3.00 MiB")] });
    expect(judgeBundle([{ bytes: PLATFORM_LIMIT_BYTES + 1, gzipBytes: MIB }])).toMatchObject({
      ok: false,
      failures: [expect.stringContaining("64.00 MiB")],
    });
  });
});
