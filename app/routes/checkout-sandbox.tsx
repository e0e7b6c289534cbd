import { data } from "react-router";
import type { Route } from "./+types/checkout-sandbox";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { getOrder, orderPlanNames } from "../../server/commerce/orders.server.ts";
import { AppError, errorText } from "../../server/errors.server.ts";
import { CT } from "../../common/commerce/text-ids.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { OrderSummary } from "../commerce/order-summary.tsx";
import { postFrameClose } from "../commerce/frame-close.tsx";
import { useCt } from "../commerce/use-ct.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * The embedded default's hosted checkout (issue 13.4): a clearly labelled test payment that
 * completes, fails or cancels the order by a signed webhook (POST /api/payments/sandbox/{order}).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const id = Number(new URL(request.url).searchParams.get("order"));
  try {
    const order = await getOrder({ db: services.db, owner, orderId: id });
    if (order.provider !== "sandbox" || order.status !== "pending") throw new AppError("not_found", errorText(58153), "order");
    const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
    return { order, planName: (await orderPlanNames(services.db, lang, [order]))[order.id]! };
  } catch (err) {
    if (err instanceof AppError) throw data(null, { status: 404 });
    throw err;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(CT.sandboxTitle)) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { order, planName } = loaderData;
  const { ct } = useCt();
  return (
    <main id="main" className="flex-1">
      <div className="container-page max-w-xl py-10">
        <p className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 font-bold text-amber-800" role="note">
          {ct(CT.sandboxTitle)}: {ct(CT.sandboxNotice)}
        </p>
        <h1 className="mt-6 text-3xl font-extrabold">{ct(CT.orderLabel, { id: order.id })}</h1>
        <div className="card mt-4">
          <OrderSummary order={order} planName={planName} />
        </div>
        <form method="post" action={`/api/payments/sandbox/${order.id}`} className="mt-6 flex flex-wrap gap-3">
          <button type="submit" name="outcome" value="pay" className="btn-primary" data-testid="sandbox-pay">
            {ct(CT.sandboxPay)}
          </button>
          <button type="submit" name="outcome" value="fail" className="btn-secondary">
            {ct(CT.sandboxFail)}
          </button>
          <button type="submit" name="outcome" value="cancel" className="btn-secondary" onClick={postFrameClose}>
            {ct(CT.sandboxCancel)}
          </button>
        </form>
      </div>
    </main>
  );
}
