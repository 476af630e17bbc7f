import css from "~/routes/public/public.css?inline";

/**
 * The public pages' stylesheet, inlined (app/routes/public/public.css): React puts it in <head>, once, and the root
 * layout leaves the app's stylesheet out on these pages (app/lib/page-stylesheets.ts).
 */
export function PublicStyles() {
  return (
    <style href="guichet-public" precedence="default">
      {css}
    </style>
  );
}
