// Served with /developers (workers/routes/developers.ts, docs/decisions/0052-openapi.md). Repairs the ARIA of Scalar's
// markup that axe flags as serious in the release we ship, as Scalar renders and re-renders: names for the icon-only
// search, copy and client buttons, `aria-current` instead of `aria-selected` on the sidebar's plain buttons, tabs
// inside the client tablist, the visible text inside the "show more" buttons' names, and scrollable code and lists
// reachable by keyboard.
(function repairScalarAccessibility() {
  function repair() {
    document.querySelectorAll('button[role="search"]:not([aria-label])').forEach(function (button) {
      button.setAttribute("aria-label", "Search");
    });
    document.querySelectorAll("button:not([aria-label]):not([title])").forEach(function (button) {
      // Their only text is hidden from assistive technology (an icon, an aria-hidden label).
      var name = button.className.indexOf("copy") !== -1 ? "Copy to clipboard" : null;
      if (button.className.indexOf("client-libraries__select") !== -1) name = "More client libraries";
      if (name) button.setAttribute("aria-label", name);
    });
    document.querySelectorAll("button[aria-selected]").forEach(function (button) {
      var role = button.getAttribute("role");
      if (role === "tab" || role === "option") return;
      if (button.getAttribute("aria-selected") === "true") button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
      button.removeAttribute("aria-selected");
    });
    document.querySelectorAll('[role="tablist"] button:not([role])').forEach(function (button) {
      button.setAttribute("role", "tab");
    });
    document.querySelectorAll("button[aria-label]").forEach(function (button) {
      var text = (button.textContent || "").replace(/\s+/g, " ").trim();
      var label = button.getAttribute("aria-label") || "";
      if (text && label.toLowerCase().indexOf(text.toLowerCase()) === -1)
        button.setAttribute("aria-label", text + ": " + label);
    });
    document.querySelectorAll("pre code, code.hljs, ul.endpoints").forEach(function (region) {
      if (!region.hasAttribute("tabindex")) region.setAttribute("tabindex", "0");
    });
  }
  var scheduled = false;
  new MutationObserver(function () {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(function () {
      scheduled = false;
      repair();
    });
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-selected"] });
  repair();
})();
