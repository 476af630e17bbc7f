import { lazyDialogModule } from "./lazy-dialog-module";

export type { DialogContentProps } from "./dialog";

/** app/components/ui/dialog.tsx, loaded the first time the dialog opens (lazy-dialog-module.tsx). */
const { root, part } = lazyDialogModule(() => import("./dialog"));

export const Dialog = root("Dialog");
export const DialogClose = part("DialogClose");
export const DialogContent = part("DialogContent");
export const DialogDescription = part("DialogDescription");
export const DialogFooter = part("DialogFooter");
export const DialogHeader = part("DialogHeader");
export const DialogTitle = part("DialogTitle");
