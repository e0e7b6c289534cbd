import { Link } from "react-router";
import type { Route } from "./+types/reseller";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { getUserFromRequest } from "../../server/auth/current-user.server.ts";
import { resellerOverview } from "../../server/commerce/reseller.server.ts";
import { CT } from "../../common/commerce/text-ids.ts";
import { formatDate } from "../../common/i18n/format.ts";
import { useCt } from "../commerce/use-ct.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";
import { useLocalized } from "../i18n/use-localized.ts";

/**
 * /reseller (issue 13.9): the signed-in reseller's client projects bought for, what was paid and
 * the commission (list price minus the discounted price), from the orders table. Becoming a
 * reseller is an administrator's act (`npm run resellers -- add <email>`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await getUserFromRequest(services, request);
  return {
    signedIn: !!user,
    overview: user
      ? await resellerOverview({ db: services.db, userId: user.id, defaultDiscount: services.env.RESELLER_DISCOUNT_PERCENT })
      : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(CT.resTitle)) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function ResellerPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, overview } = loaderData;
  const { ct, usd, lang } = useCt();
  const to = useLocalized();
  if (!overview)
    return (
      <main id="main" className="container-page flex-1 py-10">
        <h1 className="text-3xl font-extrabold">{ct(CT.resTitle)}</h1>
        <p className="mt-3 max-w-2xl text-ink-700">{ct(signedIn ? CT.resNotReseller : CT.resSignIn)}</p>
        <Link to={to(signedIn ? "/reseller-program" : "/settings")} className="btn-primary mt-5">
          {ct(signedIn ? CT.resProgramme : CT.resSignInButton)}
        </Link>
      </main>
    );
  const tiles: [number, string][] = [
    [CT.resOrders, String(overview.totals.orders)],
    [CT.resPaid, usd(overview.totals.paidCents)],
    [CT.resEarned, usd(overview.totals.earnedCents)],
  ];
  const cell = "px-3 py-2 align-top";
  return (
    <main id="main" className="flex-1">
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold">{ct(CT.resTitle)}</h1>
        <p className="mt-2 max-w-2xl text-ink-700">{ct(CT.resIntro, { n: overview.discountPercent })}</p>
        <p className="mt-1 text-sm text-ink-500">{ct(CT.resSince, { date: formatDate(lang, new Date(overview.since)) })}</p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="reseller-totals">
          {tiles.map(([id, v]) => (
            <div key={id} className="card">
              <dt className="text-sm text-ink-500">{ct(id)}</dt>
              <dd className="mt-1 text-2xl font-extrabold">{v}</dd>
            </div>
          ))}
        </dl>
        <section className="card mt-6" aria-labelledby="clients-title">
          <h2 id="clients-title" className="font-semibold">
            {ct(CT.resClients)} ({overview.clients.length})
          </h2>
          {overview.clients.length === 0 ? (
            <p className="mt-2 text-ink-700">{ct(CT.resNone)}</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="reseller-clients">
                <thead className="border-b border-ink-100 text-ink-500">
                  <tr>
                    <th scope="col" className={cell}>
                      {ct(CT.resProject)}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {ct(CT.resOrders)}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {ct(CT.resPaid)}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {ct(CT.resEarned)}
                    </th>
                    <th scope="col" className={cell}>
                      {ct(CT.resPaidUntil)}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {overview.clients.map((c) => (
                    <tr key={c.projectId}>
                      <td className={`${cell} break-all`}>
                        {c.domain ? <Link to={to(`/project?idp=${c.projectId}`)}>{c.domain}</Link> : ct(CT.resDeleted, { id: c.projectId })}
                      </td>
                      <td className={`${cell} text-right`}>{c.orders}</td>
                      <td className={`${cell} text-right whitespace-nowrap`}>{usd(c.paidCents)}</td>
                      <td className={`${cell} text-right font-semibold whitespace-nowrap`}>{usd(c.earnedCents)}</td>
                      <td className={`${cell} whitespace-nowrap`}>{c.paidUntil ? formatDate(lang, new Date(c.paidUntil)) : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
