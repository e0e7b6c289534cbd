import { useState } from "react";
import type { Route } from "./+types/price";
import { eq } from "drizzle-orm";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { getUserFromRequest } from "../../server/auth/current-user.server.ts";
import { listProjects } from "../../server/project/get-project.server.ts";
import { listPlans } from "../../server/site/prices.server.ts";
import { resellers } from "../../server/db/schema.server.ts";
import { checkoutTotalCents, discountedCents } from "../../common/commerce/checkout.ts";
import { CT } from "../../common/commerce/text-ids.ts";
import { PACKAGE_TEXT, TIER_TEXT } from "../../common/commerce/plan-name.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { loadTexts } from "../../server/i18n/texts.server.ts";
import { S } from "../../common/site/ids.ts";
import type { PlanView } from "../../common/site/plans.ts";
import { useCt } from "../commerce/use-ct.ts";
import { useT } from "../i18n/use-texts.ts";
import { RequestButton } from "../popups/request-button.tsx";

const PACKAGES = ["autoseo", "fullseo", "analytics", "ssl"] as const;
type Pkg = (typeof PACKAGES)[number];
/** Packages bought per project (issue 13.1 project picker); SSL is bought once. */
const PER_PROJECT = new Set<string>(["autoseo", "fullseo", "analytics"]);

/**
 * /price and /price-ai (issue 13.1, spec 3 price tables, spec 9 discount tiers and trial): every
 * package and tier from the database, term switcher, project picker for per-project plans, and the
 * checkout link (spec 7). Prices are hidden for a user with no_price (decision 0008).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  const head = await loadTexts(services.db, lang, { ids: [CT.priceTitle, CT.priceIntro] });
  const owner = await context.get(requestInfoContext).owner();
  const user = await getUserFromRequest(services, request);
  const [autoseo, fullseo, analytics, ssl] = await Promise.all(PACKAGES.map((p) => listPlans(services.db, p)));
  const projects = (await listProjects({ services, owner })).map((p) => ({ id: p.id, domain: p.domain }));
  const [reseller] = user ? await services.db.select().from(resellers).where(eq(resellers.userId, user.id)) : [];
  const noPrice = user?.noPrice ?? false;
  // Decision 0008: a no_price user's prices are agreed individually: no amount leaves the server.
  const shown = (plans: PlanView[]) =>
    noPrice ? plans.map((p) => ({ ...p, priceCents: 0, regularCents: null, discountPercent: 0 })) : plans;
  return {
    plans: { autoseo: shown(autoseo!), fullseo: shown(fullseo!), analytics: shown(analytics!), ssl: shown(ssl!) },
    projects,
    noPrice,
    resellerDiscount: reseller ? (reseller.discountPercent ?? services.env.RESELLER_DISCOUNT_PERCENT) : 0,
    selected: new URL(request.url).searchParams.get("plan"),
    head: { title: head[CT.priceTitle] ?? "Plans and prices", description: head[CT.priceIntro] ?? "" },
  };
}

/** Title and description in the visitor's language (issue 15: no English head on a translated page). */
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [{ title: `${loaderData.head.title} — Rankforge` }, { name: "description", content: loaderData.head.description }];
}

function PlanCard({ plan, active, onPick, noPrice }: { plan: PlanView; active: boolean; onPick: () => void; noPrice: boolean }) {
  const t = useT();
  const { ct, usd } = useCt();
  const tier = TIER_TEXT[plan.tier];
  const title = plan.tier && plan.tier !== "trial" ? (tier === undefined ? plan.tier : t(tier)) : "";
  const term = plan.months === 0 ? ct(CT.trialTitle) : ct(CT.months, { n: plan.months });
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        aria-pressed={active}
        data-plan={plan.productKey}
        className={`card relative flex h-full w-full flex-col text-left ${active ? "border-2 border-forge-600 shadow-lg" : ""}`}
      >
        <span className="flex min-h-6 flex-wrap gap-2">
          {plan.bestDeal && (
            <span className="rounded-full bg-forge-600 px-2.5 py-0.5 text-xs font-bold text-white">{t(S.bestDeal, "Best deal")}</span>
          )}
          {!noPrice && plan.discountPercent > 0 && (
            <span className="rounded-full bg-signal-100 px-2.5 py-0.5 text-xs font-bold text-signal-600">−{plan.discountPercent} %</span>
          )}
        </span>
        <span className="mt-2 text-lg font-semibold">{[title, term].filter(Boolean).join(" · ")}</span>
        {!noPrice && <span className="mt-1 text-3xl font-extrabold">{usd(plan.priceCents)}</span>}
        {!noPrice && plan.regularCents !== null && (
          <span className="text-sm text-ink-500">
            {t(S.regularPrice, "Regular price")} <s>{usd(plan.regularCents)}</s>
          </span>
        )}
      </button>
    </li>
  );
}

export default function PricePage({ loaderData }: Route.ComponentProps) {
  const { plans, projects, noPrice, resellerDiscount, selected } = loaderData;
  const { ct, usd, lang } = useCt();
  const t = useT();
  const all = PACKAGES.flatMap((p) => plans[p]);
  const initial = all.find((p) => p.productKey === selected) ?? plans.autoseo[0]!;
  const [key, setKey] = useState(initial.productKey);
  const plan = all.find((p) => p.productKey === key) ?? initial;
  const pkg = plan.package as Pkg;
  const [picked, setPicked] = useState<number[]>(projects[0] ? [projects[0].id] : []);
  const terms = [...new Set(plans[pkg].filter((p) => p.tier !== "trial").map((p) => p.months))];
  const visible = plans[pkg].filter(
    (p) => p.tier === "trial" || pkg === "ssl" || terms.length === 1 || p.months === plan.months || plan.tier === "trial",
  );
  const perProject = PER_PROJECT.has(pkg);
  const ids = perProject ? picked : [];
  const count = Math.max(1, ids.length);
  const total = checkoutTotalCents(discountedCents(plan.priceCents, resellerDiscount), count);
  // Issue 15.1: the page's language travels with the click; the order keeps it for the receipt.
  const href = `/api/checkout/${plan.productKey}?button=price&lang=${lang}${ids.length ? `&projects=${ids.join(",")}` : ""}`;
  const switchPkg = (p: Pkg) => setKey((plans[p].find((x) => x.bestDeal) ?? plans[p][0]!).productKey);
  const switchTerm = (months: number) =>
    setKey((plans[pkg].find((x) => x.months === months && (x.tier === plan.tier || plan.tier === "trial")) ?? plan).productKey);

  return (
    <main id="main" className="flex-1">
      <section className="bg-ink-900 text-white">
        <div className="container-page py-12">
          <h1 className="text-4xl font-extrabold tracking-tight">{ct(CT.priceTitle)}</h1>
          <p className="mt-3 max-w-2xl text-lg text-ink-300">{noPrice ? ct(CT.hiddenPrices) : ct(CT.priceIntro)}</p>
          {resellerDiscount > 0 && !noPrice && <p className="mt-2 font-semibold">{ct(CT.resellerNote, { n: resellerDiscount })}</p>}
        </div>
      </section>
      <div className="container-page py-10">
        <div role="tablist" aria-label={ct(CT.priceTitle)} className="flex flex-wrap gap-2">
          {PACKAGES.map((p) => (
            <button
              key={p}
              role="tab"
              type="button"
              aria-selected={p === pkg}
              onClick={() => switchPkg(p)}
              className={p === pkg ? "btn-primary" : "btn-secondary"}
            >
              {ct(PACKAGE_TEXT[p])}
            </button>
          ))}
        </div>
        {terms.length > 1 && (
          <div role="radiogroup" aria-label={t(S.term, "Term")} className="mt-6 flex flex-wrap gap-2">
            {terms.map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={plan.months === m}
                onClick={() => switchTerm(m)}
                className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${plan.months === m ? "border-forge-600 bg-forge-600 text-white" : "border-ink-200"}`}
              >
                {ct(CT.months, { n: m })}
              </button>
            ))}
          </div>
        )}
        {pkg === "analytics" && <p className="mt-4 text-ink-700">{ct(CT.freeTier)}</p>}
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {visible.map((p) => (
            <PlanCard
              key={p.productKey}
              plan={p}
              active={p.productKey === plan.productKey}
              onPick={() => setKey(p.productKey)}
              noPrice={noPrice}
            />
          ))}
        </ul>
        <section className="card mt-8 max-w-2xl" aria-labelledby="checkout-heading">
          <h2 id="checkout-heading" className="text-lg font-semibold">
            {ct(PACKAGE_TEXT[pkg])} · {plan.months === 0 ? ct(CT.trialTitle) : ct(CT.months, { n: plan.months })}
          </h2>
          {plan.tier === "trial" && !noPrice && <p className="mt-1 text-ink-700">{ct(CT.trialText, { price: usd(plan.priceCents) })}</p>}
          {perProject && (
            <fieldset className="mt-4">
              <legend className="font-semibold">{ct(CT.projectsLabel)}</legend>
              <p className="text-sm text-ink-500">{ct(CT.projectsHint)}</p>
              {projects.length === 0 && <p className="mt-2 text-sm">{ct(CT.noProjects)}</p>}
              {projects.map((p) => (
                <label key={p.id} className="mt-2 flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="projects"
                    value={p.id}
                    checked={picked.includes(p.id)}
                    onChange={(e) => setPicked((cur) => (e.target.checked ? [...cur, p.id] : cur.filter((x) => x !== p.id)))}
                  />
                  {p.domain}
                </label>
              ))}
            </fieldset>
          )}
          {noPrice ? (
            <div className="mt-5">
              <RequestButton subject={8} custom={`price:${plan.productKey}`} label={ct(CT.askManager)} />
            </div>
          ) : (
            <>
              <p className="mt-5 text-xl font-bold" data-testid="checkout-total">
                {ct(CT.total, { n: count, price: usd(total) })}
              </p>
              <a href={href} className="btn-primary mt-4" data-testid="buy" rel="nofollow">
                {ct(CT.buy)}
              </a>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
