import { useState } from "react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/addengine";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { AppError, errorText } from "../../server/errors.server.ts";
import { getProject } from "../../server/project/get-project.server.ts";
import { DEVICES, ENGINE_TYPES } from "../../common/rank.ts";
import { addEngine, engineInputSchema, enginesByIds, listEngines, parseEngineIds, removeEngine } from "../../server/rank/engines.server.ts";
import { countryList, languageList, searchCities } from "../../server/rank/locations.server.ts";
import { ensureRankSchedule } from "../../server/rank/schedule.server.ts";
import { CityPicker } from "../rank/city-picker.tsx";
import { R } from "../rank/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";
import { ENGINE_NAMES } from "../../common/rank/engine-names.ts";

/**
 * The search engines of a project (spec 2 /addengine/{ids}; spec 3: ids names search engines).
 * `ids` lists engine ids (comma separated; "new" for none); the project is the one those engines
 * belong to, or ?idp=. Shows the project's engines and the form to add one (type, country,
 * language, city, device).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const named = await enginesByIds({ services, owner, ids: parseEngineIds(params.ids) });
  const url = new URL(request.url);
  let projectId = Number(url.searchParams.get("idp"));
  if (!(projectId > 0) && named[0]) {
    const engines = await services.db.query.rankEngines.findFirst({ where: (e, { eq }) => eq(e.id, named[0]!.id) });
    projectId = engines?.projectId ?? 0;
  }
  // Opened from a /start step: the screen offers the way back.
  const fromStart = url.searchParams.get("from") === "start";
  const base = { countries: countryList(), languages: languageList(), fromStart };
  if (!(projectId > 0)) return { ...base, project: null, engines: [], highlighted: [] as number[] };
  try {
    const project = await getProject({ services, owner, projectId });
    const engines = await listEngines({ services, owner, projectId });
    return { ...base, project: { id: project.id, domain: project.domain }, engines, highlighted: named.map((e) => e.id) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { ...base, project: null, engines: [], highlighted: [] as number[] };
    throw err;
  }
}

const removeSchema = z.object({ intent: z.literal("remove"), engineId: z.coerce.number().int().positive() });
const addSchema = engineInputSchema.extend({
  intent: z.literal("add"),
  idp: z.coerce.number().int().positive(),
  city: z.string().trim().max(200).optional(),
  from: z.literal("start").optional(),
});

/** Adds an engine (a typed city name is resolved when no city was picked) or removes one; then shows the engines. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    const form = await request.clone().formData();
    if (form.get("intent") === "remove") {
      const { engineId } = await formInput(request, removeSchema);
      await removeEngine({ services, owner, engineId });
      return { removed: true };
    }
    const input = await formInput(request, addSchema);
    let locationCode = input.locationCode;
    if (locationCode === null && input.city) {
      const [city] = searchCities({ country: input.country, q: input.city, limit: 1 });
      if (!city) throw new AppError("validation", errorText(58152), "city");
      locationCode = city.code;
    }
    const engine = await addEngine({ services, owner, projectId: input.idp, input: { ...input, locationCode } });
    await ensureRankSchedule(services, input.idp);
    const all = await listEngines({ services, owner, projectId: input.idp });
    const url = new URL(request.url);
    const prefix = url.pathname.split("/addengine/")[0] ?? "";
    const from = input.from ? "&from=start" : "";
    return redirect(`${prefix}/addengine/${all.map((e) => e.id).join(",")}?idp=${input.idp}&added=${engine.id}${from}`);
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(R.addEngineTitle)) }];
}

export const handle = { noindex: true };

export default function AddEngineScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { project, engines, countries, languages, highlighted, fromStart } = loaderData;
  const t = useT();
  const to = useLocalized();
  const [country, setCountry] = useState("US");
  const [language, setLanguage] = useState("en");
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">{t(R.addEngineEyebrow)}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">
        {t(R.addEngineTitle)}
        {project ? ` — ${project.domain}` : ""}
      </h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t(R.addEngineLead)}</p>
      {!project ? (
        <p className="card mt-6">
          {t(R.chooseProject)} <Link to={to("/project")}>{t(R.rankingsTitle)}</Link>
        </p>
      ) : (
        <>
          <section className="card mt-6" aria-labelledby="engines-h">
            <h2 id="engines-h" className="text-lg font-semibold">
              {t(R.yourEngines)}
            </h2>
            {engines.length === 0 ? (
              <p className="mt-2 text-ink-500">{t(R.noEngines)}</p>
            ) : (
              <ul className="mt-3 divide-y divide-ink-100" data-testid="engine-list">
                {engines.map((e) => (
                  <li
                    key={e.id}
                    className={`flex flex-wrap items-center justify-between gap-2 py-2 ${highlighted.includes(e.id) ? "font-medium" : ""}`}
                  >
                    <span>
                      {ENGINE_NAMES[e.engine]} · {e.countryName} · {e.language} · {e.location || t(R.wholeCountry)} ·{" "}
                      {t(e.device === "mobile" ? R.mobile : R.desktop)}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="engineId" value={e.id} />
                      <button type="submit" className="btn-secondary px-3 py-1 text-sm">
                        {t(R.remove)}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
            {engines.length > 0 && (
              <p className="mt-4 flex flex-wrap gap-3">
                <Link className="btn-primary" to={to(`/project/rankings?idp=${project.id}`)}>
                  {t(R.nextKeywords)}
                </Link>
                {fromStart && (
                  <Link className="btn-secondary" to={to("/start")}>
                    {t(R.backToStart)}
                  </Link>
                )}
              </p>
            )}
          </section>
          <section className="card mt-6" aria-labelledby="add-engine-h">
            <h2 id="add-engine-h" className="text-lg font-semibold">
              {t(R.addEngine)}
            </h2>
            {error && (
              <p role="alert" className="mt-3 rounded-lg bg-danger-100 p-3 text-danger-600">
                {error.message}
              </p>
            )}
            <Form method="post" className="mt-4 grid items-start gap-4 sm:grid-cols-2">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="idp" value={project.id} />
              {fromStart && <input type="hidden" name="from" value="start" />}
              <label className="grid min-w-0 gap-1 text-sm font-medium">
                {t(R.engine)}
                <select name="engine" defaultValue="google" className="w-full min-w-0 rounded-lg border border-ink-300 px-3 py-2">
                  {ENGINE_TYPES.map((e) => (
                    <option key={e} value={e}>
                      {ENGINE_NAMES[e]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid min-w-0 gap-1 text-sm font-medium">
                {t(R.country)}
                <select
                  name="country"
                  value={country}
                  onChange={(e) => {
                    setCountry(e.currentTarget.value);
                    setLanguage(countries.find((c) => c.code === e.currentTarget.value)?.language ?? "en");
                  }}
                  className="w-full min-w-0 rounded-lg border border-ink-300 px-3 py-2"
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="grid min-w-0 gap-1 text-sm font-medium">
                {t(R.language)}
                <select
                  name="language"
                  value={language}
                  onChange={(e) => setLanguage(e.currentTarget.value)}
                  className="w-full min-w-0 rounded-lg border border-ink-300 px-3 py-2"
                >
                  {languages.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </label>
              <CityPicker country={country} label={t(R.city)} hint={t(R.cityHint)} />
              <fieldset className="grid gap-1 text-sm font-medium">
                <legend>{t(R.device)}</legend>
                <div className="flex gap-4 font-normal">
                  {DEVICES.map((d, i) => (
                    <label key={d} className="flex items-center gap-2">
                      <input type="radio" name="device" value={d} defaultChecked={i === 0} /> {t(d === "mobile" ? R.mobile : R.desktop)}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="sm:col-span-2">
                <button type="submit" className="btn-primary">
                  {t(R.addEngine)}
                </button>
              </div>
            </Form>
          </section>
        </>
      )}
    </main>
  );
}
