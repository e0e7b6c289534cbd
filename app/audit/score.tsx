import { useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

/** Colour of a 0-100 score: green from 90, amber from 60, red below. */
export const scoreColor = (score: number): string => (score >= 90 ? "text-signal-600" : score >= 60 ? "text-warn-600" : "text-danger-600");

/** Badge styles per severity. */
export const SEVERITY_STYLE: Record<string, string> = {
  error: "bg-danger-100 text-danger-600",
  warning: "bg-warn-100 text-warn-600",
  notice: "bg-ink-100 text-ink-700",
};

const BADGE_TEXT: Record<string, number> = { error: A.errorOne, warning: A.warningOne, notice: A.noticeOne };

/** A severity pill ("Error", "Warning", "Notice"). */
export function SeverityBadge({ severity }: { severity: string }) {
  const t = useT();
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold uppercase ${SEVERITY_STYLE[severity] ?? ""}`}>
      {t(BADGE_TEXT[severity] ?? A.noticeOne)}
    </span>
  );
}
