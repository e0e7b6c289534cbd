import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { ReportsNav } from "./reports-nav.tsx";
import { R } from "./text-ids.ts";

/**
 * What the delivery and white-label lists share (issue 11 points 5, 6): the page with its heading,
 * lead, the reports navigation, the "new" button and the empty state; rows deleted through their
 * spec 7 call and removed from the list; each row's edit and delete actions.
 */

/**
 * The list's rows and a `remove(id)` that asks for confirmation, POSTs `{id}` to `endpoint`
 * (e.g. /api/reports/delete_delivery) and drops the row once the call succeeded.
 */
export function useDeletableRows<T extends { id: number }>(initial: T[], endpoint: string) {
  const t = useT();
  const [rows, setRows] = useState(initial);
  const remove = async (id: number) => {
    if (!window.confirm(t(R.confirmDelete))) return;
    const res = await fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id }) });
    if (res.ok) setRows((xs) => xs.filter((x) => x.id !== id));
  };
  return { rows, remove };
}

/** A reports-section list page: heading, lead, navigation, the "new" link, then the list or the empty text. */
export function ListPage(o: { title: string; lead: string; newPath: string; newLabel: string; empty: string | null; children: ReactNode }) {
  const loc = useLocalized();
  return (
    <div>
      <h1 className="text-2xl font-bold">{o.title}</h1>
      <p className="mb-4 text-ink-500">{o.lead}</p>
      <ReportsNav />
      <Link to={loc(o.newPath)} className="mb-4 inline-block rounded bg-forge-600 px-4 py-2 font-semibold text-white">
        {o.newLabel}
      </Link>
      {o.empty !== null ? <p>{o.empty}</p> : o.children}
    </div>
  );
}

/** A row's actions: any extra ones first, then edit (a link) and delete. */
export function RowActions({ editPath, onDelete, children }: { editPath: string; onDelete: () => void; children?: ReactNode }) {
  const t = useT();
  const loc = useLocalized();
  return (
    <div className="mt-3 flex gap-3 text-sm">
      {children}
      <Link className="text-forge-700 underline" to={loc(editPath)}>
        {t(R.edit)}
      </Link>
      <button type="button" className="text-danger-600 underline" onClick={onDelete}>
        {t(R.delete)}
      </button>
    </div>
  );
}
