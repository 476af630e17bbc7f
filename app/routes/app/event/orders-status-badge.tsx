import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "#domain/orders/order-status";
import { Badge, type BadgeProps } from "~/components/ui/badge";

const variantOf: Record<PaymentStatus, BadgeProps["variant"]> = {
  paid: "success",
  manual: "secondary",
  pending: "warning",
  expired: "outline",
  cancelled: "destructive",
  refunded: "outline",
};

/**
 * An order's displayed payment status (spec §4). A paid order of 0 € reads "Gratuite": nothing was paid (the filter
 * keeps it under "Payée", the stored status).
 */
export function PaymentStatusBadge({ status, amount }: { status: PaymentStatus; amount?: number }) {
  const { t } = useTranslation("orders");
  const free = status === "paid" && amount === 0;
  return (
    <Badge variant={variantOf[status]} data-status={status}>
      {free ? t("status-free") : t(`status.${status}`)}
    </Badge>
  );
}
