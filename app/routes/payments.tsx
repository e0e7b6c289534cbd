import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/payments";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { getUserFromRequest } from "../../server/auth/current-user.server.ts";
import { listOrders, orderPlanNames, type OrderView } from "../../server/commerce/orders.server.ts";
import { enforcedLicenseType } from "../../server/commerce/licence.server.ts";
import { CT, STATUS_TEXT } from "../../common/commerce/text-ids.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { formatDate } from "../../common/i18n/format.ts";
import { postApi } from "../lib/api.ts";
import { useCt } from "../commerce/use-ct.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /payments (issue 13.7): the requester's orders with their state, tax as the provider reported
 * it, invoices as PDF, subscriptions cancelled and resumed through the provider, and the licence.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const user = await getUserFromRequest(services, request);
  const orders = await listOrders({ db: services.db, owner });
  const licenseType = user ? await enforcedLicenseType(services.db, user) : 0;
  const now = Date.now();
  const current = orders.find((o) => o.status === "paid" && o.expiresAt && Date.parse(o.expiresAt) > now);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  const planNames = await orderPlanNames(services.db, lang, orders);
  return { orders, planNames, signedIn: !!user, licenceUntil: licenseType > 0 ? (current?.expiresAt ?? null) : null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(CT.paymentsTitle)) }, { name: "robots", content: "noindex, nofollow" }];
}

const SUB_TEXT = { active: CT.subActive, cancelling: CT.subCancelling, ended: CT.subEnded } as const;

function SubscriptionCell({ order }: { order: OrderView }) {
  const { ct } = useCt();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (!order.subscriptionState) return <span className="text-ink-500">—</span>;
  const action =
    order.status === "paid"
      ? order.subscriptionState === "active"
        ? "cancel"
        : order.subscriptionState === "cancelling"
          ? "resume"
          : null
      : null;
  return (
    <span className="flex flex-col gap-1">
      <span>{ct(SUB_TEXT[order.subscriptionState])}</span>
      {action && (
        <button
          type="button"
          disabled={busy}
          className="text-left text-sm font-semibold text-forge-600 underline"
          onClick={async () => {
            setBusy(true);
            try {
              await postApi(`/api/payments/orders/${order.id}/${action}`);
              await revalidator.revalidate();
            } finally {
              setBusy(false);
            }
          }}
        >
          {ct(action === "cancel" ? CT.cancelSub : CT.resumeSub)}
        </button>
      )}
    </span>
  );
}

export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  const { orders, planNames, signedIn, licenceUntil } = loaderData;
  const { ct, usd, lang } = useCt();
  const to = useLocalized();
  return (
    <main id="main" className="flex-1">
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold">{ct(CT.paymentsTitle)}</h1>
        {!signedIn && <p className="mt-2 text-ink-700">{ct(CT.signInForPayments)}</p>}
        <p className="mt-3" data-testid="licence">
          <span className="text-ink-500">{ct(CT.licence)}: </span>
          <strong>{licenceUntil ? ct(CT.licenceActive, { date: formatDate(lang, new Date(licenceUntil)) }) : ct(CT.licenceNone)}</strong>
        </p>
        {orders.length === 0 ? (
          <p className="mt-6">
            {ct(CT.paymentsEmpty)}{" "}
            <Link to={to("/price")} className="font-semibold text-forge-600 underline">
              {ct(CT.priceTitle)}
            </Link>
          </p>
        ) : (
          <div className="mt-6 overflow-x-auto rounded-xl border border-ink-100 bg-white">
            <table className="w-full min-w-[48rem] text-left text-sm" data-testid="orders">
              <thead className="bg-ink-50">
                <tr>
                  {[CT.date, CT.plan, CT.projects, CT.amount, CT.tax, CT.status, CT.paidUntil, CT.subscription, CT.invoice].map((id) => (
                    <th key={id} scope="col" className="px-3 py-2">
                      {ct(id)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {orders.map((o) => (
                  <tr key={o.id} data-order={o.id}>
                    <td className="px-3 py-2">{formatDate(lang, new Date(o.paidAt ?? o.createdAt), "medium")}</td>
                    <td className="px-3 py-2 font-semibold">
                      {planNames[o.id]}
                      {o.provider === "sandbox" && (
                        <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-800">{ct(CT.testPayment)}</span>
                      )}
                    </td>
                    <td className="px-3 py-2">{Math.max(1, o.projectIds.length)}</td>
                    <td className="px-3 py-2">{usd(o.totalCents)}</td>
                    <td className="px-3 py-2">{o.taxCents === null ? "—" : usd(o.taxCents)}</td>
                    <td className="px-3 py-2">{ct(STATUS_TEXT[o.status])}</td>
                    <td className="px-3 py-2">
                      {o.status === "paid" && o.expiresAt ? formatDate(lang, new Date(o.expiresAt), "medium") : "—"}
                    </td>
                    <td className="px-3 py-2">
                      <SubscriptionCell order={o} />
                    </td>
                    <td className="px-3 py-2">
                      {o.paidAt ? (
                        <a
                          href={`/api/payments/orders/${o.id}/invoice.pdf`}
                          className="font-semibold text-forge-600 underline"
                          data-testid="invoice"
                        >
                          {ct(CT.invoice)}
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </main>
  );
}
