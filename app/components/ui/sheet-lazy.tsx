import { lazyDialogModule } from "./lazy-dialog-module";

export type { SheetContentProps } from "./sheet";

/** app/components/ui/sheet.tsx, loaded the first time the sheet opens (lazy-dialog-module.tsx). */
const { root, part } = lazyDialogModule(() => import("./sheet"));

export const Sheet = root("Sheet");
export const SheetClose = part("SheetClose");
export const SheetContent = part("SheetContent");
export const SheetHeader = part("SheetHeader");
export const SheetFooter = part("SheetFooter");
export const SheetTitle = part("SheetTitle");
export const SheetDescription = part("SheetDescription");
