import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/affiliate";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { getUserFromRequest } from "../../server/auth/current-user.server.ts";
import { affiliateStats, MIN_PAYOUT_CENTS } from "../../server/commerce/affiliate.server.ts";
import { CT } from "../../common/commerce/text-ids.ts";
import { formatDate } from "../../common/i18n/format.ts";
import { postApi } from "../lib/api.ts";
import { useCt } from "../commerce/use-ct.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /affiliate (issue 13.8): the signed-in affiliate's clicks, sign-ups, orders, earnings, balance,
 * payout requests, referral link and banners. No login, manager or chat components (spec 2).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await getUserFromRequest(services, request);
  return {
    stats: user ? await affiliateStats({ db: services.db, userId: user.id }) : null,
    origin: services.env.PUBLIC_ORIGIN,
    rate: services.env.AFFILIATE_RATE_PERCENT,
    minPayout: MIN_PAYOUT_CENTS,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(CT.affTitle)) }, { name: "robots", content: "noindex, nofollow" }];
}

const KIND_TEXT: Record<string, number> = { commission: CT.kind_commission, reversal: CT.kind_reversal, payout: CT.kind_payout };

export default function AffiliatePage({ loaderData }: Route.ComponentProps) {
  const { stats, origin, rate, minPayout } = loaderData;
  const { ct, usd, lang } = useCt();
  const revalidator = useRevalidator();
  const [message, setMessage] = useState("");
  if (!stats)
    return (
      <main id="main" className="container-page flex-1 py-10">
        <h1 className="text-3xl font-extrabold">{ct(CT.affTitle)}</h1>
        <p className="mt-3">{ct(CT.affSignIn)}</p>
      </main>
    );
  const link = `${origin}/?ref=${stats.code}`;
  const banner = `<a href="${link}"><img src="${origin}/favicon.svg" alt="Rankforge SEO" width="120" height="120"></a>`;
  const tiles: [number, string][] = [
    [CT.affClicks, String(stats.clicks)],
    [CT.affSignups, String(stats.signups)],
    [CT.affOrders, String(stats.orders)],
    [CT.affEarnings, usd(stats.earningsCents - stats.reversedCents)],
    [CT.affBalance, usd(stats.balanceCents)],
  ];
  return (
    <main id="main" className="flex-1">
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold">{ct(CT.affTitle)}</h1>
        <p className="mt-2 max-w-2xl text-ink-700">{ct(CT.affIntro, { rate })}</p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="affiliate-stats">
          {tiles.map(([id, v]) => (
            <div key={id} className="card">
              <dt className="text-sm text-ink-500">{ct(id)}</dt>
              <dd className="mt-1 text-2xl font-extrabold">{v}</dd>
            </div>
          ))}
        </dl>
        <section className="card mt-6">
          <h2 className="font-semibold">{ct(CT.affLink)}</h2>
          <input
            readOnly
            value={link}
            className="mt-2 w-full rounded border border-ink-200 px-3 py-2 font-mono text-sm"
            aria-label={ct(CT.affLink)}
          />
          <h2 className="mt-4 font-semibold">{ct(CT.affBanners)}</h2>
          <textarea
            readOnly
            value={banner}
            rows={3}
            className="mt-2 w-full rounded border border-ink-200 px-3 py-2 font-mono text-xs"
            aria-label={ct(CT.affBanners)}
          />
        </section>
        <section className="card mt-6">
          <p>{ct(CT.affPayoutMin, { price: usd(minPayout) })}</p>
          <button
            type="button"
            className="btn-primary mt-3"
            disabled={stats.balanceCents < minPayout}
            onClick={async () => {
              const r = await postApi<{ amountCents: number }>("/api/affiliate/payout");
              setMessage(ct(CT.affPayoutDone, { price: usd(r.amountCents) }));
              await revalidator.revalidate();
            }}
          >
            {ct(CT.affPayout)}
          </button>
          {message && (
            <p role="status" className="mt-2 font-semibold">
              {message}
            </p>
          )}
        </section>
        {stats.ledger.length > 0 && (
          <section className="mt-6">
            <h2 className="text-lg font-semibold">{ct(CT.affLedger)}</h2>
            <table className="mt-2 w-full text-left text-sm">
              <tbody className="divide-y divide-ink-100">
                {stats.ledger.map((l) => (
                  <tr key={l.id}>
                    <td className="py-1.5">{formatDate(lang, new Date(l.createdAt), "medium")}</td>
                    <td>{ct(KIND_TEXT[l.kind] ?? CT.kind_commission)}</td>
                    <td>{l.orderId ? ct(CT.orderLabel, { id: l.orderId }) : ""}</td>
                    <td className="text-right font-semibold">{usd(l.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </div>
    </main>
  );
}
