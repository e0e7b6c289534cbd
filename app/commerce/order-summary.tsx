import { CT, STATUS_TEXT } from "../../common/commerce/text-ids.ts";
import { formatDate } from "../../common/i18n/format.ts";
import type { OrderView } from "../../server/commerce/orders.server.ts";
import { useCt } from "./use-ct.ts";

/**
 * What was bought: plan (its name in the page's language, issue 15.1), projects, amount, tax, status
 * and paid period, as the database holds them.
 */
export function OrderSummary({ order, planName }: { order: OrderView; planName: string }) {
  const { ct, usd, lang } = useCt();
  const rows: [number, string][] = [
    [CT.plan, planName],
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
