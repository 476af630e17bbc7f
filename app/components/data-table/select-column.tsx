import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import type { DataTableColumn } from "./features";

function SelectAllHeader({
  checked,
  onChange,
}: {
  checked: boolean | "indeterminate";
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation("data-table");
  return (
    <Checkbox checked={checked} onCheckedChange={(value) => onChange(value === true)} aria-label={t("select-all")} />
  );
}

function SelectRowCell({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation("data-table");
  return (
    <Checkbox
      checked={checked}
      onCheckedChange={(value) => onChange(value === true)}
      aria-label={t("select-row")}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/** The row selection column: page-wide select-all in the header, one checkbox per row. */
export function selectColumn<TData>(): DataTableColumn<TData> {
  return {
    id: "select",
    size: 40,
    enableHiding: false,
    header: ({ table }) => (
      <SelectAllHeader
        checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false}
        onChange={(value) => table.toggleAllPageRowsSelected(value)}
      />
    ),
    cell: ({ row }) => <SelectRowCell checked={row.getIsSelected()} onChange={(value) => row.toggleSelected(value)} />,
  };
}
