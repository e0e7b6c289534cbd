import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/payment-result";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { getOrder, listOrders, orderPlanNames, type OrderView } from "../../server/commerce/orders.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { CT } from "../../common/commerce/text-ids.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { OrderSummary } from "../commerce/order-summary.tsx";
import { FrameCloseButton } from "../commerce/frame-close.tsx";
import { useCt } from "../commerce/use-ct.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** Refresh of a pending result, ms. */
const PENDING_REFRESH_MS = 3000;

/**
 * /payment-result/{status} (issue 13.6, spec 4): the order named by ?order= (or the requester's
 * latest), its state read from the database; the status segment of the URL is never trusted.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const id = Number(new URL(request.url).searchParams.get("order"));
  let order: OrderView | null = null;
  if (id > 0) {
    try {
      order = await getOrder({ db: services.db, owner, orderId: id });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  } else order = (await listOrders({ db: services.db, owner }))[0] ?? null;
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  const planName = order ? (await orderPlanNames(services.db, lang, [order]))[order.id]! : "";
  return { order, planName };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const order = loaderData?.order;
  return [
    { title: brandTitle(metaTexts(matches)(order ? HEADLINE[order.status] : CT.resultNone)) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

const HEADLINE: Record<OrderView["status"], number> = {
  paid: CT.resultSuccess,
  pending: CT.resultPending,
  failed: CT.resultFailed,
  cancelled: CT.resultCancelled,
  refunded: CT.resultRefunded,
  chargeback: CT.resultRefunded,
};

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { order, planName } = loaderData;
  const { ct } = useCt();
  const to = useLocalized();
  const revalidator = useRevalidator();
  const pending = order?.status === "pending";
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void revalidator.revalidate(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
  return (
    <main id="main" className="flex-1">
      <div className="container-page max-w-2xl py-12">
        <h1 className="text-3xl font-extrabold" data-testid="result-headline">
          {ct(order ? HEADLINE[order.status] : CT.resultNone)}
        </h1>
        {order?.provider === "sandbox" && <p className="mt-2 font-semibold text-amber-700">{ct(CT.testPayment)}</p>}
        {order && (
          <div className="card mt-6">
            <h2 className="mb-3 text-lg font-semibold">{ct(CT.orderLabel, { id: order.id })}</h2>
            <OrderSummary order={order} planName={planName} />
          </div>
        )}
        {order?.status === "paid" && <p className="mt-6 text-ink-700">{ct(CT.resultSuccessNext)}</p>}
        <div className="mt-6 flex flex-wrap gap-3">
          {order?.status === "paid" ? (
            <>
              <Link to={to("/project")} className="btn-primary">
                {ct(CT.openProjects)}
              </Link>
              <Link to={to("/payments")} className="btn-secondary">
                {ct(CT.seePayments)}
              </Link>
            </>
          ) : (
            !pending && (
              <Link to={to(order ? `/price?plan=${order.productKey}` : "/price")} className="btn-primary">
                {ct(CT.tryAgain)}
              </Link>
            )
          )}
          <FrameCloseButton label={ct(CT.sandboxCancel)} />
        </div>
      </div>
    </main>
  );
}
