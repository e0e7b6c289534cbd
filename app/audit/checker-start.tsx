import { Form, Link, useNavigation } from "react-router";
import type { AuditRef } from "../../server/audit/history.server.ts";
import { formatDate } from "../../common/i18n/format.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { scoreColor } from "./score.tsx";
import { A } from "./text-ids.ts";

/** Values the start form shows again after a failed submit. */
export interface StartValues {
  site: string;
  idp: number | null;
  maxPages: number;
  maxDepth: string;
  render: boolean;
  checkExternal: boolean;
}

/** The start form of /website-checker: a project or a site, the audit settings; then recent audits. */
export function CheckerStart({
  projects,
  audits,
  values,
  error,
}: {
  projects: { id: number; domain: string }[];
  audits: AuditRef[];
  values: StartValues;
  error: string | null;
}) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  const busy = useNavigation().state === "submitting";
  const input =
    "mt-1 w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5 outline-none focus:border-forge-500 focus:ring-2 focus:ring-forge-100";
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Form method="post" className="card grid gap-5" aria-label={t(A.startAudit)}>
        <div className="grid gap-4 sm:grid-cols-2">
          {projects.length > 0 && (
            <div>
              <label htmlFor="wc-project" className="text-sm font-medium text-ink-700">
                {t(A.projectLabel)}
              </label>
              <select id="wc-project" name="idp" defaultValue={values.idp ?? ""} className={input}>
                <option value="">{t(A.chooseProject)}</option>
                {projects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.domain}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className={projects.length > 0 ? "" : "sm:col-span-2"}>
            <label htmlFor="wc-site" className="text-sm font-medium text-ink-700">
              {projects.length > 0 ? t(A.orEnterSite) : t(A.siteLabel)}
            </label>
            <input
              id="wc-site"
              name="site"
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="example.com"
              defaultValue={values.site}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "wc-error" : undefined}
              className={input}
            />
          </div>
        </div>
        <fieldset className="grid gap-4 rounded-lg border border-ink-100 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-ink-700">{t(A.settingsTitle)}</legend>
          <div>
            <label htmlFor="wc-max-pages" className="text-sm text-ink-700">
              {t(A.maxPages)}
            </label>
            <input id="wc-max-pages" name="maxPages" type="number" min={1} max={100000} defaultValue={values.maxPages} className={input} />
          </div>
          <div>
            <label htmlFor="wc-max-depth" className="text-sm text-ink-700">
              {t(A.maxDepth)}
            </label>
            <input
              id="wc-max-depth"
              name="maxDepth"
              type="number"
              min={0}
              max={1000}
              placeholder="∞"
              defaultValue={values.maxDepth}
              className={input}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-ink-700">
            <input type="checkbox" name="render" value="1" defaultChecked={values.render} />
            {t(A.renderJs)}
          </label>
          <label className="flex items-center gap-2 text-sm text-ink-700">
            <input type="checkbox" name="checkExternal" value="1" defaultChecked={values.checkExternal} />
            {t(A.checkExternal)}
          </label>
        </fieldset>
        {error && (
          <p id="wc-error" role="alert" className="text-sm font-medium text-danger-600">
            {error}
          </p>
        )}
        <div>
          <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t(A.starting) : t(A.startAudit)}
          </button>
        </div>
      </Form>
      {audits.length > 0 && (
        <aside className="card content-start" aria-labelledby="wc-recent">
          <h2 id="wc-recent" className="font-semibold">
            {t(A.recentCrawls)}
          </h2>
          <ul className="mt-2 divide-y divide-ink-100 text-sm">
            {audits.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2">
                <Link to={to(`/website-checker?audit=${c.id}`)} className="min-w-0 truncate">
                  {c.startUrl.replace(/^https?:\/\//, "")}
                  <span className="block text-xs text-ink-500">{formatDate(lang, new Date(c.createdAt), "medium")}</span>
                </Link>
                <span className={`shrink-0 font-bold ${c.healthScore === null ? "text-ink-500" : scoreColor(c.healthScore)}`}>
                  {c.healthScore ?? "…"}
                </span>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </div>
  );
}
