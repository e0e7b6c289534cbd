import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/rankings";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { AppError, errorText } from "../../server/errors.server.ts";
import { getProject } from "../../server/project/get-project.server.ts";
import {
  addCompetitor,
  addKeywords,
  keywordsInputSchema,
  parseKeywordCsv,
  parsePasted,
  removeCompetitor,
  removeKeyword,
} from "../../server/rank/keywords.server.ts";
import { rankingsScreen } from "../../server/rank/rankings-screen.server.ts";
import { checkNow, ensureRankSchedule, rankSettingsSchema, saveRankSettings } from "../../server/rank/schedule.server.ts";
import { importSearchConsoleExport } from "../../server/search-console/import-export.server.ts";
import { chooseSite } from "../../server/search-console/oauth.server.ts";
import { Chart } from "../components/chart.tsx";
import { useLang, useT } from "../i18n/use-texts.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { RankingsTable } from "../rank/rankings-table.tsx";
import { fill } from "../../common/i18n/message.ts";
import { R } from "../rank/text-ids.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";
import { ENGINE_NAMES } from "../../common/rank/engine-names.ts";

const num = (v: string | null) => (v && Number(v) > 0 ? Number(v) : undefined);

/**
 * The rankings tab of a project (issue 10 points 2, 6, 8; /project/rankings?idp=, the "Rankings"
 * tool): keywords with positions and changes, charts, competitors, exports, keywords to add (one,
 * pasted, CSV), settings, "check now", and Search Console import and suggestions.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const url = new URL(request.url);
  const idp = num(url.searchParams.get("idp"));
  if (!idp) return { project: null, screen: null };
  try {
    const project = await getProject({ services, owner, projectId: idp });
    const filter = {
      engineId: num(url.searchParams.get("engine")),
      tag: url.searchParams.get("tag") || undefined,
      q: url.searchParams.get("q") || undefined,
    };
    const screen = await rankingsScreen({ services, owner, projectId: idp, filter, keywordId: num(url.searchParams.get("kw")) });
    return { project: { id: project.id, domain: project.domain }, screen };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { project: null, screen: null };
    throw err;
  }
}

const idp = z.coerce.number().int().positive();
const schemas = {
  keywords: keywordsInputSchema.extend({ idp, keywords: z.string().max(1_000_000).default("") }),
  suggestions: z.object({ idp, query: z.union([z.string(), z.array(z.string())]).transform((q) => (Array.isArray(q) ? q : [q])) }),
  competitor: z.object({ idp, domain: z.string().trim().min(1).max(253) }),
  "remove-keyword": z.object({ keywordId: idp }),
  "remove-competitor": z.object({ competitorId: idp }),
  check: z.object({ idp }),
  settings: rankSettingsSchema.extend({ idp }),
  "sc-import": z.object({ idp }),
  "sc-property": z.object({ idp, siteUrl: z.string().min(1).max(2048) }),
};

/** One action per form (`intent`). Files (keyword CSV, Search Console export) are read from the multipart body. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    const form = await request.clone().formData();
    const intent = String(form.get("intent") ?? "") as keyof typeof schemas;
    const schema = schemas[intent];
    if (!schema) throw new AppError("validation", errorText(58154), "intent");
    const file = form.get("file");
    const upload = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    if (upload && upload.byteLength > 20 * 1024 * 1024) throw new AppError("validation", errorText(58155), "file");
    switch (intent) {
      case "keywords": {
        const input = await formInput(request, schemas.keywords);
        const fromCsv = upload ? parseKeywordCsv(new TextDecoder().decode(upload)) : [];
        const list = [
          ...parsePasted(input.keywords).map((keyword) => ({ keyword, tags: input.tags, targetUrl: input.targetUrl })),
          ...fromCsv.map((k) => ({ ...k, tags: [...(k.tags ?? []), ...input.tags], targetUrl: k.targetUrl ?? input.targetUrl })),
        ];
        if (list.length === 0) throw new AppError("validation", errorText(58156), "keywords");
        const r = await addKeywords({ services, owner, projectId: input.idp, keywords: list });
        await ensureRankSchedule(services, input.idp);
        return { intent, added: r.added };
      }
      case "suggestions": {
        const input = await formInput(request, schemas.suggestions);
        const r = await addKeywords({
          services,
          owner,
          projectId: input.idp,
          keywords: input.query.map((keyword) => ({ keyword, tags: ["search console"] })),
        });
        return { intent, added: r.added };
      }
      case "competitor": {
        const input = await formInput(request, schemas.competitor);
        await addCompetitor({ services, owner, projectId: input.idp, domain: input.domain });
        return { intent, saved: true };
      }
      case "remove-keyword":
        await removeKeyword({ services, owner, keywordId: (await formInput(request, schemas["remove-keyword"])).keywordId });
        return { intent, saved: true };
      case "remove-competitor":
        await removeCompetitor({ services, owner, competitorId: (await formInput(request, schemas["remove-competitor"])).competitorId });
        return { intent, saved: true };
      case "check":
        return { intent, ...(await checkNow({ services, owner, projectId: (await formInput(request, schemas.check)).idp })) };
      case "settings": {
        const { idp: projectId, ...input } = await formInput(request, schemas.settings);
        await saveRankSettings({ services, owner, projectId, input });
        return { intent, saved: true };
      }
      case "sc-property": {
        const input = await formInput(request, schemas["sc-property"]);
        await chooseSite({ services, owner, projectId: input.idp, siteUrl: input.siteUrl });
        return { intent, saved: true };
      }
      case "sc-import": {
        const { idp: projectId } = await formInput(request, schemas["sc-import"]);
        if (!upload) throw new AppError("validation", errorText(58157), "file");
        const r = await importSearchConsoleExport({ services, owner, projectId, file: upload });
        return { intent, rows: r.rows };
      }
    }
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = metaTexts(matches)(R.rankingsTitle);
  return [{ title: brandTitle(loaderData?.project ? `${loaderData.project.domain} — ${title}` : title) }];
}

export const handle = { noindex: true };

const input = "w-full min-w-0 rounded-lg border border-ink-300 px-3 py-2";

export default function RankingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { project, screen } = loaderData;
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const busy = useNavigation().state === "submitting";
  if (!project || !screen) {
    return (
      <main id="main" className="min-w-0">
        <h1 className="text-3xl font-bold tracking-tight">{t(R.rankingsTitle)}</h1>
        <p className="card mt-6">
          {t(R.chooseProject)} <Link to={to("/project")}>{t(R.rankingsTitle)}</Link>
        </p>
      </main>
    );
  }
  const { view, settings, charts } = screen;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const done = actionData && !("error" in actionData) ? actionData : null;
  const base = `/project/rankings?idp=${project.id}`;
  const query = `${view.engine ? `&engine=${view.engine.id}` : ""}`;
  return (
    <main id="main" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">{t(R.rankingsTitle)}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight break-all">{project.domain}</h1>
          {view.currentVisibility !== null && (
            <p className="mt-1 text-ink-700" data-testid="visibility">
              {fill(t(R.visibilityShort), { v: view.currentVisibility }, lang)}
              {view.visibilityChange !== null && ` (${view.visibilityChange > 0 ? "+" : ""}${view.visibilityChange})`}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link className="btn-secondary" to={to(`/addengine/${view.engines.map((e) => e.id).join(",") || "new"}?idp=${project.id}`)}>
            {t(R.editEngines)}
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="check" />
            <input type="hidden" name="idp" value={project.id} />
            <button className="btn-primary" type="submit" disabled={busy || view.engines.length === 0}>
              {t(R.checkNow)}
            </button>
          </Form>
        </div>
      </div>
      <p
        className={`mt-4 rounded-lg p-3 text-sm ${screen.live ? "bg-ink-100 text-ink-700" : "bg-warn-100 text-warn-600"}`}
        data-testid="live-status"
      >
        {screen.live
          ? fill(t(R.liveWith), { provider: screen.live.provider }, lang)
          : fill(t(R.noProvider), { setting: screen.liveSettings }, lang)}
      </p>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-danger-100 p-3 text-danger-600">
          {error.message}
        </p>
      )}
      {done && (
        <p role="status" className="mt-4 rounded-lg bg-ink-100 p-3 text-ink-700">
          {"added" in done
            ? fill(t(R.added), { n: done.added ?? 0 }, lang)
            : "rows" in done
              ? fill(t(R.scImported), { n: done.rows ?? 0 }, lang)
              : done.intent === "check"
                ? t(R.checkQueued)
                : t(R.saved)}
        </p>
      )}
      {view.engines.length === 0 && (
        <p className="card mt-6">
          {t(R.noEngines)} <Link to={to(`/addengine/new?idp=${project.id}`)}>{t(R.addEngine)}</Link>
        </p>
      )}
      {view.engines.length > 0 && (
        <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label={t(R.filter)}>
          <input type="hidden" name="idp" value={project.id} />
          <label className="grid min-w-0 gap-1 text-sm font-medium">
            {t(R.engine)}
            <select name="engine" defaultValue={view.engine?.id} className={input}>
              {view.engines.map((e) => (
                <option key={e.id} value={e.id}>
                  {ENGINE_NAMES[e.engine] ?? e.engine} · {e.country} · {e.language} · {e.location || t(R.wholeCountry)} ·{" "}
                  {t(e.device === "mobile" ? R.mobile : R.desktop)}
                </option>
              ))}
            </select>
          </label>
          {view.tags.length > 0 && (
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.tags)}
              <select name="tag" defaultValue="" className={input}>
                <option value="">{t(R.allTags)}</option>
                {view.tags.map((tag) => (
                  <option key={tag} value={tag}>
                    {tag}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="grid min-w-0 gap-1 text-sm font-medium">
            {t(R.search)}
            <input name="q" type="search" className={input} />
          </label>
          <button type="submit" className="btn-secondary">
            {t(R.filter)}
          </button>
          <a
            className="btn-secondary"
            href={to(`/api/rank/rankings/export?idp=${project.id}${query}&format=csv`).replace(/^\/\w\w\/api/, "/api")}
            download
          >
            {t(R.exportCsv)}
          </a>
          <a
            className="btn-secondary"
            href={to(`/api/rank/rankings/export?idp=${project.id}${query}&format=xlsx`).replace(/^\/\w\w\/api/, "/api")}
            download
          >
            {t(R.exportXlsx)}
          </a>
        </Form>
      )}
      {view.keywords.length > 0 && <RankingsTable view={view} base={to(`${base}${query}`)} idp={project.id} />}
      {charts.positions && (
        <section className="card mt-6">
          <h2 className="text-lg font-semibold">{t(R.positionsChart)}</h2>
          <Chart chart={charts.positions} className="mt-3" />
        </section>
      )}
      {charts.visibility && charts.average && charts.distribution && (
        <section className="mt-6 grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
          <div className="card">
            <h2 className="text-lg font-semibold">{t(R.visibility)}</h2>
            <Chart chart={charts.visibility} className="mt-3" />
          </div>
          <div className="card">
            <h2 className="text-lg font-semibold">{t(R.averagePosition)}</h2>
            <Chart chart={charts.average} className="mt-3" />
          </div>
          <div className="card xl:col-span-2">
            <h2 className="text-lg font-semibold">{t(R.distribution)}</h2>
            <Chart chart={charts.distribution} className="mt-3" showTable />
          </div>
        </section>
      )}
      <section className="mt-6 grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="card">
          <h2 className="text-lg font-semibold">{t(R.addKeywords)}</h2>
          <p className="mt-1 text-sm text-ink-500">{t(R.keywordsHint)}</p>
          <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="keywords" />
            <input type="hidden" name="idp" value={project.id} />
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.keywords)}
              <textarea name="keywords" rows={5} className={input} />
            </label>
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.csvFile)}
              <input name="file" type="file" accept=".csv,text/csv" />
            </label>
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.targetUrl)}
              <input name="targetUrl" type="url" className={input} placeholder={`https://${project.domain}/`} />
            </label>
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.tags)}
              <input name="tags" className={input} />
            </label>
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                {t(R.add)}
              </button>
            </div>
          </Form>
        </div>
        <div className="card">
          <h2 className="text-lg font-semibold">{t(R.competitors)}</h2>
          {charts.competitors && <Chart chart={charts.competitors} className="mt-3" />}
          <ul className="mt-3 divide-y divide-ink-100">
            {view.competitors.map((c) => (
              <li key={c} className="py-1">
                {c}
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="competitor" />
            <input type="hidden" name="idp" value={project.id} />
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.competitorDomain)}
              <input name="domain" className={input} required />
            </label>
            <button type="submit" className="btn-secondary">
              {t(R.addCompetitor)}
            </button>
          </Form>
        </div>
      </section>
      <section className="mt-6 grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div className="card">
          <h2 className="text-lg font-semibold">{t(R.searchConsole)}</h2>
          {screen.searchConsole && (
            <p className="mt-1 text-sm text-ink-700">
              {fill(t(R.scConnected), { site: screen.searchConsole.siteUrl }, lang)}
              {screen.searchConsole.lastImportAt &&
                ` · ${fill(t(R.scLastImport), { date: screen.searchConsole.lastImportAt.slice(0, 10) }, lang)}`}
            </p>
          )}
          {screen.oauth.configured ? (
            <p className="mt-2">
              <a className="btn-secondary" href={`/api/search-console/connect?idp=${project.id}`}>
                {t(R.scConnect)}
              </a>
            </p>
          ) : (
            <p className="mt-2 text-sm text-ink-500">{t(R.scNotConfigured)}</p>
          )}
          {screen.oauth.sites.length > 0 && (
            <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="sc-property" />
              <input type="hidden" name="idp" value={project.id} />
              <label className="grid min-w-0 gap-1 text-sm font-medium">
                {t(R.scProperty)}
                <select name="siteUrl" className={input}>
                  {screen.oauth.sites.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn-secondary">
                {t(R.scChooseProperty)}
              </button>
            </Form>
          )}
          <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="sc-import" />
            <input type="hidden" name="idp" value={project.id} />
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.scImport)}
              <input name="file" type="file" accept=".csv,.zip,text/csv,application/zip" required />
            </label>
            <div>
              <button type="submit" className="btn-secondary" disabled={busy}>
                {t(R.add)}
              </button>
            </div>
          </Form>
          {screen.suggestions.length > 0 && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="suggestions" />
              <input type="hidden" name="idp" value={project.id} />
              <fieldset>
                <legend className="font-medium">{t(R.suggestions)}</legend>
                <ul className="mt-2 grid gap-1 text-sm">
                  {screen.suggestions.map((s) => (
                    <li key={s.query}>
                      <label className="flex items-center gap-2">
                        <input type="checkbox" name="query" value={s.query} /> {s.query}{" "}
                        <span className="text-ink-500">
                          ({s.impressions} · {s.position})
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <button type="submit" className="btn-secondary mt-2">
                {t(R.addSuggestions)}
              </button>
            </Form>
          )}
        </div>
        <div className="card">
          <h2 className="text-lg font-semibold">{t(R.settings)}</h2>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="settings" />
            <input type="hidden" name="idp" value={project.id} />
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.timeZone)}
              <input name="timeZone" defaultValue={settings.timeZone} className={input} />
            </label>
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.checkHour)}
              <input name="checkHour" type="number" min={0} max={23} defaultValue={settings.checkHour} className={input} />
            </label>
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.moveThreshold)}
              <input name="moveThreshold" type="number" min={1} max={100} defaultValue={settings.moveThreshold} className={input} />
            </label>
            <label className="grid min-w-0 gap-1 text-sm font-medium">
              {t(R.webhookUrl)}
              <input name="webhookUrl" type="url" defaultValue={settings.webhookUrl ?? ""} className={input} />
            </label>
            {settings.webhookSecret && (
              <p className="text-sm sm:col-span-2">
                {t(R.webhookSecret)}: <code className="break-all">{settings.webhookSecret}</code>
              </p>
            )}
            <div className="sm:col-span-2">
              <button type="submit" className="btn-secondary">
                {t(R.save)}
              </button>
            </div>
          </Form>
        </div>
      </section>
    </main>
  );
}
