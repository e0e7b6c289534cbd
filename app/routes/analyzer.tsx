import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/analyzer";
import { A } from "../audit/text-ids.ts";
import { RenderDiffCard } from "../audit/render-diff.tsx";
import { AnalysisReport } from "../components/analysis-report.tsx";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { checkDomainInput } from "../../common/url-check.ts";
import { analyzeUrl } from "../../server/analyzer/analyze-url.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { errorMessage } from "../../server/http/action.server.ts";
import { domainErrorText } from "../../server/project/filter-url.server.ts";
import { loadCheckTexts, localizeAnalyzerReport } from "../../server/audit/check-texts.server.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /analyzer (spec 2, issue 3): every page-level check on one URL, server-rendered from the query
 * (?url=…&render=1), so it works without JavaScript and results can be linked.
 */
export async function loader({ request, context, params: route }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const input = params.get("url")?.trim() ?? "";
  const render = params.get("render") === "1";
  if (input === "") return { input, render, result: null, error: null };
  const services = context.get(servicesContext);
  const allowPrivate = services.env.ALLOW_PRIVATE_NETWORKS;
  const checked = checkDomainInput(input, { allowLoopback: allowPrivate });
  if (!checked.ok) {
    const error = await errorMessage(new AppError("validation", domainErrorText(checked.error), "url"), { request, context });
    return { input, render, result: null, error };
  }
  try {
    const [result, texts] = await Promise.all([
      analyzeUrl(checked.url, { render, allowPrivate }),
      loadCheckTexts(services.db, isLanguage(route.lang) ? route.lang : DEFAULT_LANG),
    ]);
    return { input, render, result: { ...result, report: localizeAnalyzerReport(result.report, texts) }, error: null };
  } catch (err) {
    if (err instanceof AppError) return { input, render, result: null, error: await errorMessage(err, { request, context }) };
    throw err;
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  const name = t(A.analyzerTitle);
  const title = loaderData?.result ? `${loaderData.result.report.url} — ${name} — Rankforge` : brandTitle(name);
  return [{ title }, { name: "description", content: t(A.analyzerLead) }];
}

export const handle = { noindex: true };

export default function AnalyzerScreen({ loaderData }: Route.ComponentProps) {
  const { input, render, result, error } = loaderData;
  const t = useT();
  const to = useLocalized();
  const busy = useNavigation().state === "loading";
  return (
    <main id="main" className="min-w-0">
      <div>
        <p className="eyebrow">{t(A.analyzerEyebrow)}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">{t(A.analyzerTitle)}</h1>
        <p className="mt-2 max-w-3xl text-ink-700">{t(A.analyzerLead)}</p>
        <Form method="get" className="card mt-6" aria-label={t(A.analyzerTitle)}>
          <label htmlFor="analyzer-url" className="text-sm font-medium text-ink-700">
            {t(A.urlLabel)}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id="analyzer-url"
              name="url"
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              required
              placeholder="https://example.com/page"
              defaultValue={input}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "analyzer-error" : undefined}
              className="w-full min-w-0 flex-1 rounded-lg border border-ink-300 bg-white px-4 py-2.5 outline-none focus:border-forge-500 focus:ring-2 focus:ring-forge-100"
            />
            <button type="submit" className="btn-primary whitespace-nowrap" disabled={busy} aria-busy={busy}>
              {busy ? t(A.analyzing) : t(A.analyze)}
            </button>
          </div>
          <label className="mt-3 flex items-start gap-2 text-sm text-ink-700">
            <input type="checkbox" name="render" value="1" defaultChecked={render} className="mt-0.5" />
            {t(A.renderOption)}
          </label>
          {error && (
            <p id="analyzer-error" role="alert" className="mt-3 text-sm font-medium text-danger-600">
              {error}
            </p>
          )}
        </Form>
        {result && result.rendered && <RenderDiffCard diff={result.render} />}
        {result && <AnalysisReport report={result.report} />}
        <p className="mt-8 text-sm text-ink-500">
          {t(A.analyzerFootnote)}{" "}
          <Link to={to("/website-checker")} className="font-medium text-forge-600">
            {t(A.checkerTitle)} →
          </Link>
        </p>
      </div>
    </main>
  );
}
