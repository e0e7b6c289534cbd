import { CT } from "../../common/commerce/text-ids.ts";
import { formatDate } from "../../common/i18n/format.ts";
import type { OrderView } from "../../server/commerce/orders.server.ts";
import { useCt } from "./use-ct.ts";

/** Text id of an order status. */
export const STATUS_TEXT: Record<OrderView["status"], number> = {
  pending: CT.st_pending,
  paid: CT.st_paid,
  failed: CT.st_failed,
  cancelled: CT.st_cancelled,
  refunded: CT.st_refunded,
  chargeback: CT.st_chargeback,
};

/** What was bought: plan, projects, amount, tax, status and paid period, as the database holds them. */
export function OrderSummary({ order }: { order: OrderView }) {
  const { ct, usd, lang } = useCt();
  const rows: [number, string][] = [
    [CT.plan, order.productKey],
    [CT.projects, String(Math.max(1, order.projectIds.length))],
    [CT.amount, usd(order.totalCents)],
    ...(order.taxCents !== null ? ([[CT.tax, usd(order.taxCents)]] as [number, string][]) : []),
    [CT.status, ct(STATUS_TEXT[order.status])],
    ...(order.status === "paid" && order.expiresAt
      ? ([[CT.paidUntil, formatDate(lang, new Date(order.expiresAt))]] as [number, string][])
      : []),
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1" data-testid="order-summary" data-status={order.status}>
      {rows.map(([id, value]) => (
        <div key={id} className="contents">
          <dt className="text-ink-500">{ct(id)}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
