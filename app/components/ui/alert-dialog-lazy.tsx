import { lazyDialogModule } from "./lazy-dialog-module";

/** app/components/ui/alert-dialog.tsx, loaded the first time the dialog opens (lazy-dialog-module.tsx). */
const { root, part } = lazyDialogModule(() => import("./alert-dialog"));

export const AlertDialog = root("AlertDialog");
export const AlertDialogContent = part("AlertDialogContent");
export const AlertDialogHeader = part("AlertDialogHeader");
export const AlertDialogFooter = part("AlertDialogFooter");
export const AlertDialogTitle = part("AlertDialogTitle");
export const AlertDialogDescription = part("AlertDialogDescription");
export const AlertDialogAction = part("AlertDialogAction");
export const AlertDialogCancel = part("AlertDialogCancel");
