import { Placeholder } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Underline,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { cn } from "~/lib/utils";
import {
  DescriptionEditorSkeleton,
  descriptionContentClass,
  descriptionEditableClass,
} from "./description-editor-skeleton";

const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

/**
 * The rich-text description (tiptap): the toolbar offers what the server's sanitizer keeps (headings h2/h3, bold,
 * italic, underline, lists, quotes, links). `onChange` gets HTML ("" when empty); a new `value` from outside (a reset,
 * a reload after saving) replaces the content without counting as a change. `placeholder` is what an empty editor
 * suggests writing; the event's description by default (a ticket, a message… say their own). `onEditor` hands the
 * tiptap editor to a page that inserts text itself (the attendee messages' variable chips).
 */
export default function DescriptionEditor({
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
  placeholder,
  onEditor,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  onEditor?: (editor: Editor | null) => void;
}) {
  const { t } = useTranslation("editor");
  const lastEmitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto"],
          isAllowedUri: (url) => SAFE_LINK.test(url),
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" },
        },
      }),
      Placeholder.configure({ placeholder: placeholder ?? t("description.placeholder") }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        "data-testid": "description-editor",
        class: cn(
          descriptionEditableClass,
          descriptionContentClass,
          "[&_p.is-editor-empty:first-child]:before:pointer-events-none [&_p.is-editor-empty:first-child]:before:float-left [&_p.is-editor-empty:first-child]:before:h-0 [&_p.is-editor-empty:first-child]:before:text-muted-foreground [&_p.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]",
        ),
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? "" : current.getHTML();
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!onEditor) return;
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className={cn(
        "overflow-hidden rounded-md border bg-background shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50",
        invalid && "border-destructive",
      )}
    >
      {editor ? <Toolbar editor={editor} /> : null}
      {editor ? <EditorContent editor={editor} /> : <DescriptionEditorSkeleton bare html={value} />}
    </div>
  );
}

type ToolbarState = Record<
  | "bold"
  | "italic"
  | "underline"
  | "h2"
  | "h3"
  | "bulletList"
  | "orderedList"
  | "blockquote"
  | "link"
  | "canUndo"
  | "canRedo",
  boolean
>;

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation("editor");
  const state = useEditorState<ToolbarState>({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const buttons: {
    key: string;
    icon: LucideIcon;
    label: string;
    active?: boolean;
    disabled?: boolean;
    run: () => void;
  }[][] = [
    [
      {
        key: "h2",
        icon: Heading2,
        label: t("description.heading-2"),
        active: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: "h3",
        icon: Heading3,
        label: t("description.heading-3"),
        active: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        key: "bold",
        icon: Bold,
        label: t("description.bold"),
        active: state.bold,
        run: () => chain().toggleBold().run(),
      },
      {
        key: "italic",
        icon: Italic,
        label: t("description.italic"),
        active: state.italic,
        run: () => chain().toggleItalic().run(),
      },
      {
        key: "underline",
        icon: Underline,
        label: t("description.underline"),
        active: state.underline,
        run: () => chain().toggleUnderline().run(),
      },
    ],
    [
      {
        key: "ul",
        icon: List,
        label: t("description.bullet-list"),
        active: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: "ol",
        icon: ListOrdered,
        label: t("description.ordered-list"),
        active: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: "quote",
        icon: Quote,
        label: t("description.blockquote"),
        active: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
    ],
  ];

  return (
    <div
      role="toolbar"
      aria-label={t("description.toolbar")}
      className="flex flex-wrap items-center gap-1 border-b bg-muted/40 p-1"
      onKeyDown={(event) => moveFocusWithArrows(event)}
    >
      {buttons.map((group, index) => (
        <div key={index} className="flex items-center gap-0.5 border-r pr-1 last:border-r-0">
          {group.map(({ key, ...button }) => (
            <ToolbarButton key={key} {...button} />
          ))}
        </div>
      ))}
      <div className="flex items-center gap-0.5 border-r pr-1">
        <LinkControl editor={editor} active={state.link} />
      </div>
      <div className="ml-auto flex items-center gap-0.5">
        <ToolbarButton
          icon={Undo2}
          label={t("description.undo")}
          disabled={!state.canUndo}
          run={() => chain().undo().run()}
        />
        <ToolbarButton
          icon={Redo2}
          label={t("description.redo")}
          disabled={!state.canRedo}
          run={() => chain().redo().run()}
        />
      </div>
    </div>
  );
}

/** Roving focus inside the toolbar with the arrow keys (WAI-ARIA toolbar pattern). */
function moveFocusWithArrows(event: React.KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not([disabled])")];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index === -1) return;
  event.preventDefault();
  const next =
    event.key === "ArrowRight" ? (index + 1) % buttons.length : (index - 1 + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

function ToolbarButton({
  icon: Icon,
  label,
  active,
  disabled,
  run,
}: {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
      className={cn(active && "bg-accent text-accent-foreground")}
    >
      <Icon aria-hidden />
    </Button>
  );
}

function LinkControl({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation("editor");
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState("");
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();

  function apply(event: React.FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const url = href.trim();
    if (!SAFE_LINK.test(url)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !active)
      chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    setOpen(false);
  }

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            setHref((editor.getAttributes("link").href as string | undefined) ?? "https://");
            setInvalid(false);
          }
        }}
      >
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            title={t("description.link")}
            aria-label={t("description.link")}
            aria-pressed={active}
            className={cn(active && "bg-accent text-accent-foreground")}
          >
            <Link2 aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-80">
          {/* Not a <form>: the editor already sits inside the page's form. */}
          <div className="space-y-2" onKeyDown={(event) => (event.key === "Enter" ? apply(event) : undefined)}>
            <label htmlFor={inputId} className="text-sm font-medium">
              {t("description.link-prompt")}
            </label>
            <Input
              id={inputId}
              value={href}
              onChange={(event) => {
                setHref(event.target.value);
                setInvalid(false);
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${inputId}-error` : undefined}
              inputMode="url"
              autoFocus
            />
            {invalid ? (
              <p id={`${inputId}-error`} className="text-sm text-destructive">
                {t("description.link-invalid")}
              </p>
            ) : null}
            <div className="flex justify-end">
              <Button type="button" size="sm" onClick={apply}>
                {t("description.link-apply")}
              </Button>
            </div>
          </div>
        </PopoverContent>
      </Popover>
      <ToolbarButton
        icon={Link2Off}
        label={t("description.link-remove")}
        disabled={!active}
        run={() => editor.chain().focus().extendMarkRange("link").unsetLink().run()}
      />
    </>
  );
}
