import { NavLink } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { R } from "./text-ids.ts";

const LINKS = [
  ["/reports", R.navList],
  ["/reports/create", R.navCreate],
  ["/reports/delivery", R.navDelivery],
  ["/reports/white-label", R.navWhiteLabel],
] as const;

/** The reports section's own navigation: list, create, delivery, white-label. */
export function ReportsNav() {
  const t = useT();
  const loc = useLocalized();
  return (
    <nav aria-label={t(R.reportsTitle)} className="mb-6 flex flex-wrap gap-2 border-b border-ink-100 pb-3 text-sm">
      {LINKS.map(([path, id]) => (
        <NavLink
          key={path}
          to={loc(path)}
          end
          className={({ isActive }) =>
            `rounded px-3 py-1.5 ${isActive ? "bg-forge-100 font-semibold text-forge-700" : "text-ink-700 hover:bg-ink-50"}`
          }
        >
          {t(id)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Text id of a report file's state for the list. */
export function stateText(st: number | null, error: string | null): number {
  if (st === null) return R.stQueued;
  if (error && st !== 1) return R.stFailed;
  return st === 1 || st === 3 ? R.stDone : st === 2 ? R.stRunning : R.stQueued;
}
