import { UserPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { AddParticipantsProps } from "./participants-add-form";

export type { AddParticipantsAnswer } from "./participants-add-form";

const loadForm = () => import("./participants-add-form");
const AddParticipantsForm = lazy(() => loadForm().then((module) => ({ default: module.AddParticipantsForm })));

/**
 * "Ajouter" and its dialog (issue 11 §2). The form's code loads when the button is pointed at or first pressed, not
 * with the page (issue 31 §7); each opening mounts a fresh form.
 */
export function AddParticipantsDialog(props: AddParticipantsProps) {
  const { t } = useTranslation("participants");
  const [open, setOpen] = useState(false);
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button
        size="sm"
        onPointerEnter={() => void loadForm()}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        <UserPlus />
        {t("add")}
      </Button>
      {openings > 0 ? (
        <Suspense fallback={null}>
          <AddParticipantsForm key={openings} {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
