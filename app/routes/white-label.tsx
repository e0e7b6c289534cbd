import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/white-label";
import { ReportsNav } from "../reports/reports-nav.tsx";
import { R } from "../reports/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { listWhiteLabels } from "../../server/reports/white-label.server.ts";

/** /reports/white-label (spec 2, issue 11 point 5): the owner's white-label profiles; delete through POST /api/reports/delete_white_label. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const rows = await listWhiteLabels({ db: services.db, owner });
  return {
    rows: rows.map((w) => ({
      id: w.id,
      company: w.company,
      logo: w.logo,
      colorPrimary: w.colorPrimary,
      colorAccent: w.colorAccent,
      hideBrand: w.hideBrand,
    })),
  };
}

export const handle = { noindex: true };

export function meta() {
  return [{ title: "White-label reports — Rankforge" }];
}

export default function WhiteLabels({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const loc = useLocalized();
  const [rows, setRows] = useState(loaderData.rows);
  const remove = async (id: number) => {
    if (!window.confirm(t(R.confirmDelete))) return;
    const res = await fetch("/api/reports/delete_white_label", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id }),
    });
    if (res.ok) setRows((xs) => xs.filter((x) => x.id !== id));
  };
  return (
    <div>
      <h1 className="text-2xl font-bold">{t(R.wlTitle)}</h1>
      <p className="mb-4 text-ink-500">{t(R.wlLead)}</p>
      <ReportsNav />
      <Link to={loc("/reports/white-label/new")} className="mb-4 inline-block rounded bg-forge-600 px-4 py-2 font-semibold text-white">
        {t(R.wlNew)}
      </Link>
      {rows.length === 0 ? (
        <p>{t(R.wlNone)}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {rows.map((w) => (
            <li
              key={w.id}
              className="rounded border border-ink-300 p-4"
              style={{ borderTop: `4px solid ${w.colorPrimary}` }}
              data-white-label={w.id}
            >
              <div className="flex items-center gap-3">
                {w.logo && <img src={w.logo} alt="" className="max-h-10 max-w-32" />}
                <span className="font-semibold">{w.company}</span>
              </div>
              <div className="mt-3 flex gap-3 text-sm">
                <Link className="text-forge-700 underline" to={loc(`/reports/white-label/edit/${w.id}`)}>
                  {t(R.edit)}
                </Link>
                <button type="button" className="text-danger-600 underline" onClick={() => void remove(w.id)}>
                  {t(R.delete)}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
