import { Link } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { S } from "../../common/site/ids.ts";
import { monthlyCents, price, termLabel, type PlanView } from "../../common/site/plans.ts";
import { type TFn } from "../../common/site/text.ts";
import { fill } from "../../common/i18n/message.ts";

function Badge({ children, tone }: { children: string; tone: "deal" | "save" }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tone === "deal" ? "bg-forge-600 text-white" : "bg-signal-100 text-signal-600"}`}
    >
      {children}
    </span>
  );
}

/** One plan card: term, price, regular price struck through, discount, monthly equivalent. */
function PlanCard({ plan, t, lang, title }: { plan: PlanView; t: TFn; lang: string; title: string }) {
  const to = useLocalized();
  return (
    <li className={`card relative flex flex-col ${plan.bestDeal ? "border-2 border-forge-600 shadow-lg" : ""}`}>
      <div className="flex flex-wrap items-center gap-2 empty:hidden sm:min-h-6 sm:empty:flex">
        {plan.bestDeal && <Badge tone="deal">{t(S.bestDeal, "Best deal")}</Badge>}
        {plan.discountPercent > 0 && <Badge tone="save">{fill(t(S.save, "Save {n}%"), { n: plan.discountPercent }, lang)}</Badge>}
      </div>
      <h3 className="mt-3 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-3xl font-extrabold">{price(lang, plan.priceCents)}</p>
      {plan.regularCents !== null && (
        <p className="text-sm text-ink-500">
          {t(S.regularPrice, "Regular price")} <s>{price(lang, plan.regularCents)}</s>
        </p>
      )}
      {plan.months > 1 && (
        <p className="mt-1 text-sm text-ink-700">
          {fill(t(S.perMonthEquivalent, "{price} per month"), { price: price(lang, monthlyCents(plan)) }, lang)}
        </p>
      )}
      <Link
        to={to(plan.link)}
        className={`mt-5 ${plan.bestDeal ? "btn-primary" : "btn-secondary"}`}
        aria-label={`${t(S.choosePlan, "Choose plan")}: ${title}`}
      >
        {t(S.choosePlan, "Choose plan")}
      </Link>
    </li>
  );
}

/** AutoSEO and FullSEO terms (spec 3: 12, 6, 3 and 1 months; 25/15/10 % off; best deal marked). */
export function TermPlans({ plans, t, lang }: { plans: PlanView[]; t: TFn; lang: string }) {
  return (
    <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {plans
        .filter((p) => p.tier !== "trial")
        .map((p) => (
          <PlanCard key={p.productKey} plan={p} t={t} lang={lang} title={termLabel(t, lang, p)} />
        ))}
    </ul>
  );
}

const ANALYTICS_TIERS = [
  ["standard", S.tierStandard, "Standard"],
  ["professional", S.tierProfessional, "Professional"],
  ["advanced", S.tierAdvanced, "Advanced"],
] as const;

/** Analytics: the free tier and a term × tier table of the three paid tiers (spec 3). */
export function AnalyticsTable({ plans, t, lang }: { plans: PlanView[]; t: TFn; lang: string }) {
  const to = useLocalized();
  const terms = [...new Set(plans.map((p) => p.months))].sort((a, b) => b - a);
  const cell = (tier: string, months: number) => plans.find((p) => p.tier === tier && p.months === months);
  return (
    <div className="mt-8 overflow-x-auto rounded-xl border border-ink-100 bg-white">
      <table className="w-full min-w-[40rem] text-left">
        <caption className="sr-only">{t(S.prices, "Prices")}</caption>
        <thead className="bg-ink-50 text-sm">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t(S.term, "Term")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t(S.tierFree, "Free")}
            </th>
            {ANALYTICS_TIERS.map(([tier, id, fb]) => (
              <th key={tier} scope="col" className="px-4 py-3">
                {t(id, fb)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {terms.map((months) => (
            <tr key={months}>
              <th scope="row" className="px-4 py-4 font-semibold">
                {termLabel(t, lang, { months, days: months * 30 })}
              </th>
              <td className="px-4 py-4 font-semibold text-signal-600">{t(S.free, "Free")}</td>
              {ANALYTICS_TIERS.map(([tier, , fb]) => {
                const p = cell(tier, months);
                if (!p) return <td key={tier} className="px-4 py-4" />;
                return (
                  <td key={tier} className="px-4 py-4 align-top">
                    <Link
                      to={to(p.link)}
                      className="text-lg font-bold text-ink-900"
                      aria-label={`${fb}, ${termLabel(t, lang, p)}: ${price(lang, p.priceCents)}`}
                    >
                      {price(lang, p.priceCents)}
                    </Link>
                    {p.regularCents !== null && (
                      <span className="block text-sm text-ink-500">
                        <s>{price(lang, p.regularCents)}</s> · {fill(t(S.save, "Save {n}%"), { n: p.discountPercent }, lang)}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SSL_TIERS: Record<string, [number, string]> = {
  basic: [S.tierBasic, "Basic"],
  standard: [S.sslStandard, "Standard"],
  premium: [S.tierPremium, "Premium"],
};

/** SSL certificates: basic, standard (best deal) and premium, one month each (spec 3). */
export function SslCards({ plans, t, lang }: { plans: PlanView[]; t: TFn; lang: string }) {
  return (
    <ul className="mt-8 grid gap-5 md:grid-cols-3">
      {plans.map((p) => {
        const [id, fb] = SSL_TIERS[p.tier] ?? [0, p.tier];
        return <PlanCard key={p.productKey} plan={p} t={t} lang={lang} title={`${t(id, fb)} · ${termLabel(t, lang, p)}`} />;
      })}
    </ul>
  );
}

/** The AutoSEO trial (spec 3 and 9: 14 days for 0.99 USD) and the monthly price after it. */
export function TrialCard({ trial, monthly, t, lang }: { trial: PlanView; monthly: PlanView | null; t: TFn; lang: string }) {
  const to = useLocalized();
  return (
    <div className="card mt-8 max-w-xl border-2 border-forge-600">
      <p className="text-sm font-semibold text-forge-600 uppercase">{termLabel(t, lang, trial)}</p>
      <p className="mt-2 text-5xl font-extrabold">{price(lang, trial.priceCents)}</p>
      {monthly && (
        <p className="mt-2 text-ink-700">
          {fill(t(S.thenMonthly, "Then {price} per month. Cancel any time."), { price: price(lang, monthly.priceCents) }, lang)}
        </p>
      )}
      <Link to={to(trial.link)} className="btn-primary mt-6">
        {t(S.startTrial, "Start the trial")}
      </Link>
    </div>
  );
}
