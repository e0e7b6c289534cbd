import { useState } from "react";
import { Link, data, useRevalidator } from "react-router";
import type { Route } from "./+types/reports";
import { formatBytes } from "../../common/reports/format.ts";
import { reportTypeText } from "../../common/reports/types.ts";
import { DownloadStatus } from "../reports/download-status.tsx";
import { ReportsNav, stateText } from "../reports/reports-nav.tsx";
import { R } from "../reports/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { listReports } from "../../server/reports/definitions.server.ts";
import { downloadStatus } from "../../server/reports/files.server.ts";
import { signLink } from "../../server/reports/link.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /reports and /reports/{rpopup}/{sid} (spec 2, issue 11 point 3): the owner's reports (type,
 * project, format, date, size, status) with download, generate again, edit and delete
 * (POST /api/reports/delete_report, removed from the list). With {rpopup}/{sid} the download-status
 * popup follows the items named by `sid` (comma-separated ids); otherwise it follows the owner's
 * items still in progress.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const rows = await listReports({ db: services.db, owner });
  const sid = "sid" in params && typeof params.sid === "string" ? params.sid : null;
  if (sid !== null && !/^\d{1,10}(,\d{1,10}){0,19}$/.test(sid)) throw data(null, { status: 404 });
  const ids = sid?.split(",").map(Number);
  const items = await downloadStatus({ services, owner, ids });
  const follow = ids ?? items.filter((i) => i.st !== 1).map((i) => i.id);
  return {
    rows: rows.map((r) => ({
      ...r,
      link: r.latest?.st === 1 || r.latest?.st === 3 ? signLink(services.cookieSecret, r.latest.id) : null,
    })),
    items: items.filter((i) => follow.includes(i.id)),
    follow,
  };
}

export const handle = { noindex: true };

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(R.reportsTitle)) }];
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang, bcp47 } = useLang();
  const loc = useLocalized();
  const [removed, setRemoved] = useState<readonly number[]>([]);
  const rows = loaderData.rows.filter((r) => !removed.includes(r.id));
  const revalidator = useRevalidator();
  const [follow, setFollow] = useState(loaderData.follow);
  const [busy, setBusy] = useState<number | null>(null);

  const remove = async (id: number) => {
    if (!window.confirm(t(R.confirmDelete))) return;
    setBusy(id);
    const res = await fetch("/api/reports/delete_report", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id }),
    });
    setBusy(null);
    if (res.ok) setRemoved((xs) => [...xs, id]);
  };
  const generate = async (id: number) => {
    setBusy(id);
    const res = await fetch("/api/reports/generate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id }),
    });
    setBusy(null);
    if (res.ok) {
      const { idrg } = (await res.json()) as { idrg: number };
      setFollow((f) => [...f, idrg]);
    }
  };

  return (
    <div>
      <h1 className="text-2xl font-bold">{t(R.reportsTitle)}</h1>
      <p className="mb-4 text-ink-500">{t(R.reportsLead)}</p>
      <ReportsNav />
      {rows.length === 0 ? (
        <p>
          {t(R.noReports)}{" "}
          <Link className="text-forge-700 underline" to={loc("/reports/create")}>
            {t(R.navCreate)}
          </Link>
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="reports-table">
            <thead>
              <tr className="border-b border-ink-300 text-left">
                <th scope="col">{t(R.colType)}</th>
                <th scope="col">{t(R.colProject)}</th>
                <th scope="col">{t(R.colFormat)}</th>
                <th scope="col">{t(R.colDate)}</th>
                <th scope="col">{t(R.colSize)}</th>
                <th scope="col">{t(R.colStatus)}</th>
                <th scope="col">{t(R.colActions)}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-ink-100" data-report={r.id}>
                  <td className="py-2">{t(reportTypeText(r.type))}</td>
                  <td>{r.domain}</td>
                  <td>{r.format.toUpperCase()}</td>
                  <td>{new Date(r.latest?.createdAt ?? r.createdAt).toLocaleString(bcp47, { dateStyle: "medium", timeStyle: "short" })}</td>
                  <td>{r.latest?.size ? formatBytes(lang, r.latest.size) : "—"}</td>
                  <td>{t(stateText(r.latest?.st ?? null, r.latest?.error ?? null))}</td>
                  <td className="flex flex-wrap gap-3 py-2">
                    {r.link && (
                      <a className="text-forge-700 underline" href={`/api/download/report${r.link}`}>
                        {t(R.download)}
                      </a>
                    )}
                    <button type="button" className="text-forge-700 underline" disabled={busy === r.id} onClick={() => void generate(r.id)}>
                      {t(R.generate)}
                    </button>
                    <Link className="text-forge-700 underline" to={loc(`/reports/edit/${r.id}`)}>
                      {t(R.edit)}
                    </Link>
                    <button type="button" className="text-danger-600 underline" disabled={busy === r.id} onClick={() => void remove(r.id)}>
                      {t(R.delete)}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <DownloadStatus ids={follow} initial={loaderData.items} onDone={() => void revalidator.revalidate()} />
    </div>
  );
}
