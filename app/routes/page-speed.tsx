import { useEffect } from "react";
import { Form, Link, data, redirect, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/page-speed";
import { localizePath } from "../../common/i18n/languages.ts";
import { fill } from "../../common/i18n/message.ts";
import { barChart, gauge } from "../../server/charts/render.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { errorMessage } from "../../server/http/action.server.ts";
import { issueText } from "../../server/http/input.server.ts";
import { createVisitorCookie } from "../../server/http/visitor.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { loadTexts } from "../../server/i18n/texts.server.ts";
import { getSpeedTest, listSpeedTests } from "../../server/speed/get.server.ts";
import { CATEGORIES, type FormFactor } from "../../server/speed/model.ts";
import { projectPageUrls } from "../../server/speed/project-pages.server.ts";
import { budgetSchema, setBudget } from "../../server/speed/budget.server.ts";
import { setSiteSpeedSchedule, siteSpeedScheduleSchema } from "../../server/speed/schedule.server.ts";
import { sampleSiteSpeed } from "../../server/speed/site-speed.server.ts";
import { siteSpeedData, type TrendLabels } from "../../server/speed/site-speed-view.server.ts";
import { startSpeedTest } from "../../server/speed/start.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useMessage, useT } from "../i18n/use-texts.ts";
import { FormFactorTable } from "../speed/form-factor-table.tsx";
import { SiteSpeedSection } from "../speed/site-speed-section.tsx";
import { FieldDataCard, SpeedResultView } from "../speed/speed-result.tsx";
import { SP } from "../speed/text-ids.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const CATEGORY_TEXT = {
  performance: SP.performance,
  accessibility: SP.accessibility,
  "best-practices": SP.bestPractices,
  seo: SP.seo,
} as const;

/** The site speed trend charts' texts in `lang`. */
async function trendLabels(db: Parameters<typeof loadTexts>[0], lang: string): Promise<TrendLabels> {
  const ids = {
    performance: SP.performance,
    lcp: SP.lcp,
    tbt: SP.tbtLong,
    cls: SP.cls,
    median: SP.runMedian,
    budget: SP.budgetSeries,
    run: SP.runLabel,
    alt: SP.trendAlt,
  };
  const texts = await loadTexts(db, lang, { ids: Object.values(ids) });
  return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, texts[id] ?? ""])) as unknown as TrendLabels;
}

/**
 * /page-speed (spec 2, issue 12.1): a URL (or a page of the current project) is tested by
 * Lighthouse as a background job; ?test= shows it (queue position, then the median run per form
 * factor, ?form=desktop for desktop). Server-rendered, so it works without JavaScript.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const q = new URL(request.url).searchParams;
  const testId = positiveInt(q.get("test"));
  const idp = positiveInt(q.get("idp"));
  const form: FormFactor = q.get("form") === "desktop" ? "desktop" : "mobile";
  let test = null;
  if (testId !== null) {
    try {
      test = await getSpeedTest({ db: services.db, owner, testId });
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") throw data(null, { status: 404 });
      throw err;
    }
  }
  const lang = params.lang ?? "en";
  const [recent, pages, site] = await Promise.all([
    listSpeedTests({ db: services.db, owner, projectId: idp }).catch(() => []),
    idp !== null ? projectPageUrls({ db: services.db, owner, projectId: idp }).catch(() => []) : [],
    idp !== null
      ? trendLabels(services.db, lang)
          .then((labels) => siteSpeedData({ services, owner, projectId: idp, lang, labels }))
          .catch(() => null)
      : null,
  ]);
  const result = test?.[form] ?? null;
  let charts = null;
  if (result) {
    const texts = await loadTexts(services.db, params.lang ?? "en", {
      ids: [...Object.values(CATEGORY_TEXT), SP.runsChart, SP.run_n, SP.score],
    });
    charts = {
      gauges: CATEGORIES.map((c) => {
        const label = texts[CATEGORY_TEXT[c]] ?? c;
        const value = result.median.scores[c] ?? 0;
        return gauge({ value, label, alt: `${label}: ${value}`, size: 140 });
      }),
      runs: barChart({
        categories: result.runs.map((_, i) => fill(texts[SP.run_n] ?? "Run {n}", { n: i + 1 }, params.lang ?? "en")),
        series: [
          {
            name: texts[SP.score] ?? "Score",
            values: result.runs.map((r) => r.scores.performance ?? 0),
            colors: result.runs.map((_, i) => (i === result.medianIndex ? "#b93d0c" : "#a7b0c5")),
          },
        ],
        alt: texts[SP.runsChart] ?? "Performance score of each run",
        categoryLabel: texts[SP.runsChart] ?? "",
        height: 200,
      }),
    };
  }
  return { test, form, idp, recent, pages, site, charts };
}

/** Starts a test of the posted URL, then shows it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const form = await request.formData();
  const url = String(form.get("url") ?? "").trim();
  const idp = positiveInt(String(form.get("idp") ?? ""));
  const headers = new Headers();
  let visitorId = info.visitorId;
  if (!visitorId) {
    const guest = await createVisitorCookie(services);
    visitorId = guest.id;
    headers.append("set-cookie", guest.setCookie);
  }
  const owner = { ...(await info.owner()), visitorId };
  const intent = form.get("intent");
  if ((intent === "sample" || intent === "schedule" || intent === "budget") && idp !== null) {
    try {
      if (intent === "sample")
        return data({ sampled: (await sampleSiteSpeed({ services, owner, projectId: idp })).tests.length, url }, { headers });
      if (intent === "schedule") {
        const input = siteSpeedScheduleSchema.parse(Object.fromEntries(form));
        await setSiteSpeedSchedule({ services, owner, projectId: idp, ...input });
      } else {
        await setBudget({ db: services.db, owner, projectId: idp, budget: budgetSchema.parse(Object.fromEntries(form)) });
      }
      return data({ saved: true, url }, { headers });
    } catch (err) {
      if (err instanceof z.ZodError) {
        const issue = err.issues[0]!;
        const field = issue.path.join(".") || "body";
        const invalid = new AppError("validation", issueText(issue, field, Object.fromEntries(form)), field);
        return data({ error: await errorMessage(invalid, { request, context }), url }, { status: 400, headers });
      }
      if (err instanceof AppError)
        return data({ error: await errorMessage(err, { request, context }), url }, { status: err.status, headers });
      throw err;
    }
  }
  try {
    const { testId } = await startSpeedTest({ services, owner, url, projectId: idp ?? undefined });
    const qs = `?test=${testId}${idp ? `&idp=${idp}` : ""}`;
    return redirect(localizePath(params.lang ?? "en", `/page-speed${qs}`), { headers });
  } catch (err) {
    if (err instanceof AppError)
      return data({ error: await errorMessage(err, { request, context }), url }, { status: err.status, headers });
    throw err;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  return [{ title: brandTitle(t(SP.eyebrow)) }, { name: "description", content: t(SP.lead) }];
}

export const handle = { noindex: true };

/** Re-reads the loader every 2 s while the test waits or runs. */
function usePollWhile(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => {
      if (state === "idle") void revalidate();
    }, 2000);
    return () => clearInterval(id);
  }, [active, revalidate, state]);
}

export default function PageSpeedScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { test, form, idp, recent, pages, site, charts } = loaderData;
  const t = useT();
  const f = useMessage();
  const to = useLocalized();
  const busy = useNavigation().state === "submitting";
  const [search] = useSearchParams();
  const active = test?.status === "queued" || test?.status === "running" || site?.trend.active != null;
  usePollWhile(active);
  const error = actionData && "error" in actionData ? actionData.error : null;
  const result = test?.[form] ?? null;
  const formHref = (f: FormFactor) => {
    const q = new URLSearchParams(search);
    q.set("form", f);
    return `${to("/page-speed")}?${q}`;
  };
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">{t(SP.eyebrow)}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t(SP.title)}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">{t(SP.lead)}</p>
      <Form method="post" className="card mt-6" aria-label={t(SP.title)}>
        {idp !== null && <input type="hidden" name="idp" value={idp} />}
        <label htmlFor="speed-url" className="text-sm font-medium text-ink-700">
          {t(SP.urlLabel)}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="speed-url"
            name="url"
            type="text"
            inputMode="url"
            list={pages.length ? "speed-pages" : undefined}
            required
            spellCheck={false}
            placeholder="https://example.com/page"
            defaultValue={actionData && "url" in actionData ? actionData.url : (test?.url ?? "")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "speed-error" : undefined}
            className="w-full min-w-0 flex-1 rounded-lg border border-ink-300 bg-white px-4 py-2.5 outline-none focus:border-forge-500 focus:ring-2 focus:ring-forge-100"
          />
          <button type="submit" className="btn-primary whitespace-nowrap" disabled={busy} aria-busy={busy}>
            {busy ? t(SP.starting) : t(SP.run)}
          </button>
        </div>
        {pages.length > 0 && (
          <datalist id="speed-pages" aria-label={t(SP.pickPage)}>
            {pages.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        )}
        {error && (
          <p id="speed-error" role="alert" className="mt-3 text-sm font-medium text-danger-600">
            {error}
          </p>
        )}
      </Form>

      {test && (
        <section aria-live="polite" className="mt-6">
          <h2 className="text-xl font-semibold break-all">{test.url}</h2>
          {test.status === "queued" && <p className="mt-2 text-ink-700">{f(SP.queued, { n: test.queuePosition ?? 1 })}</p>}
          {test.status === "running" && <p className="mt-2 text-ink-700">{f(SP.running, { n: test.runs })}</p>}
          {test.status === "failed" && (
            <div role="alert" className="card mt-3 border-danger-600">
              <p className="font-semibold text-danger-600">{t(SP.failed)}</p>
              <p className="mt-1 text-sm break-words">{test.error}</p>
            </div>
          )}
          {test.status === "done" && (
            <>
              <nav aria-label={t(SP.formSwitch)} className="mt-3 flex gap-2">
                {(["mobile", "desktop"] as const).map((f) => (
                  <Link
                    key={f}
                    to={formHref(f)}
                    aria-current={f === form ? "page" : undefined}
                    className={`rounded-lg px-4 py-2 text-sm font-medium no-underline ${f === form ? "bg-ink-900 text-white" : "bg-white text-ink-700"}`}
                  >
                    {t(f === "mobile" ? SP.mobile : SP.desktop)}
                  </Link>
                ))}
              </nav>
              {test.durationMs !== null && (
                <p className="mt-2 text-sm text-ink-500">{f(SP.duration, { s: (test.durationMs / 1000).toFixed(0) })}</p>
              )}
              {test.field && <FieldDataCard field={test.field} />}
              {result && charts ? (
                <SpeedResultView result={result} gauges={charts.gauges} runsChart={charts.runs} />
              ) : (
                <p className="card mt-6 text-sm text-ink-500">{t(SP.none)}</p>
              )}
            </>
          )}
        </section>
      )}

      {idp !== null && site && (
        <SiteSpeedSection
          idp={idp}
          data={site}
          busy={busy}
          notice={
            actionData && "sampled" in actionData
              ? f(SP.sampled, { n: actionData.sampled })
              : actionData && "saved" in actionData
                ? t(SP.saved)
                : null
          }
        />
      )}

      <section className="mt-10">
        <h2 className="text-xl font-semibold">{t(SP.recent)}</h2>
        {recent.length === 0 ? (
          <p className="mt-2 text-sm text-ink-500">{t(SP.noTests)}</p>
        ) : (
          <FormFactorTable
            rows={recent}
            rowKey={(r) => r.id}
            head={t(SP.url)}
            rowHead={(r) => <Link to={`${to("/page-speed")}?test=${r.id}${idp ? `&idp=${idp}` : ""}`}>{r.url}</Link>}
            columns={[{ label: t(SP.performance), cell: (r, f) => r[f] ?? t(SP[`status_${r.status}`]) }]}
          />
        )}
      </section>
    </main>
  );
}
