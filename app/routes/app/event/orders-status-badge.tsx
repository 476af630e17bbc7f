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

/** An order's displayed payment status (spec §4). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation("orders");
  return (
    <Badge variant={variantOf[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
