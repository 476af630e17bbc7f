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

/**
 * Whether `text` shows whole in the first row's cell of `column`: written into the cell for the measure, then put
 * back (the seed's numbers are shorter than the ones a large event reaches).
 */
export function cellFits(table: Locator, column: string, text: string) {
  return table.evaluate(
    (element, { column, text }) => {
      const index = [...element.querySelectorAll("thead th")].findIndex(
        (th) => th.getAttribute("data-column") === column,
      );
      const cell = element.querySelector("tbody tr")?.children[index] as HTMLElement | undefined;
      const target = (cell?.firstElementChild as HTMLElement | null) ?? cell;
      if (!cell || !target) return false;
      const before = target.textContent;
      target.textContent = text;
      const fits = cell.scrollWidth <= cell.clientWidth;
      target.textContent = before;
      return fits;
    },
    { column, text },
  );
}
