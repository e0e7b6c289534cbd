import type { Route } from "./+types/white-label";
import { ListPage, RowActions, useDeletableRows } from "../reports/list-parts.tsx";
import { R } from "../reports/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { listWhiteLabels } from "../../server/reports/white-label.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

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

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(R.wlTitle)) }];
}

export default function WhiteLabels({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { rows, remove } = useDeletableRows(loaderData.rows, "/api/reports/delete_white_label");
  return (
    <ListPage
      title={t(R.wlTitle)}
      lead={t(R.wlLead)}
      newPath="/reports/white-label/new"
      newLabel={t(R.wlNew)}
      empty={rows.length === 0 ? t(R.wlNone) : null}
    >
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
            <RowActions editPath={`/reports/white-label/edit/${w.id}`} onDelete={() => void remove(w.id)} />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
