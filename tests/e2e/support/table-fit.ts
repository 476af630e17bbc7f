import type { Locator } from "@playwright/test";

/**
 * How a data table fits its box: its last header and where it ends, whether the table's box or the page scrolls
 * sideways, and which headers cut their text.
 */
export function tableFit(table: Locator) {
  return table.evaluate((element) => {
    const container = element.parentElement!;
    const headers = [...element.querySelectorAll("thead th")];
    return {
      last: headers.at(-1)?.getAttribute("data-column"),
      lastRight: headers.at(-1)!.getBoundingClientRect().right,
      containerRight: container.getBoundingClientRect().right,
      tableScrolls: container.scrollWidth > container.clientWidth,
      pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
      clipped: headers
        .filter((th) => [...th.querySelectorAll("span")].some((span) => span.scrollWidth > span.clientWidth + 1))
        .map((th) => th.getAttribute("data-column")),
    };
  });
}
