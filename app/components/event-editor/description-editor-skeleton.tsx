import { useTranslation } from "react-i18next";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

/** Styles of the description in the editor (here so the skeleton lays the text out the same way). */
export const descriptionContentClass = cn(
  "text-sm leading-relaxed",
  "[&_p]:my-2 [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li>p]:my-0.5",
  "[&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_blockquote]:italic",
  "[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_hr]:my-4",
);

export const descriptionEditableClass = "min-h-56 px-3 py-2 outline-none";

/** Buttons per toolbar group: headings, marks, blocks, links (undo and redo sit apart, on the right). */
const TOOLBAR_GROUPS = [2, 3, 3, 2];

/**
 * What the description step shows while the rich-text editor (tiptap, loaded with its step) is on its way: the
 * toolbar's height and the stored description laid out as the editor will show it, so nothing moves when it arrives.
 * `html` is the description as the server stored it (sanitized on save).
 */
export function DescriptionEditorSkeleton({ bare = false, html = "" }: { bare?: boolean; html?: string }) {
  const { t } = useTranslation("editor");
  const body = (
    <div role="status" aria-label={t("description.loading")} data-testid="description-editor-skeleton">
      {/* The toolbar's own groups and sizes, so it wraps (and weighs) exactly as the real one at any width. */}
      <div className="flex flex-wrap items-center gap-1 border-b bg-muted/40 p-1">
        {TOOLBAR_GROUPS.map((count, index) => (
          <div key={index} className="flex items-center gap-0.5 border-r pr-1">
            {Array.from({ length: count }, (_, button) => (
              <Skeleton key={button} className="m-1.5 size-5" />
            ))}
          </div>
        ))}
        <div className="ml-auto flex items-center gap-0.5">
          <Skeleton className="m-1.5 size-5" />
          <Skeleton className="m-1.5 size-5" />
        </div>
      </div>
      {html ? (
        <div
          className={cn(descriptionEditableClass, descriptionContentClass, "text-muted-foreground")}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <div className={cn(descriptionEditableClass, "space-y-2 py-3")}>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      )}
    </div>
  );
  if (bare) return body;
  return <div className={cn("overflow-hidden rounded-md border bg-background shadow-xs")}>{body}</div>;
}
