import { useT } from "../i18n/use-texts.ts";
import { P } from "./text-ids.ts";

/** The id of the project screen's section that explains both scores (app/projects/score-help.tsx). */
export const SCORE_HELP_ID = "score-help";

/** "Site health" with its scale and a link to how it is computed (issue 16.9). */
export function HealthLabel() {
  const t = useT();
  return (
    <span>
      {t(P.healthLabel)} <span className="font-normal">{t(P.outOf100)}</span>{" "}
      <a href={`#${SCORE_HELP_ID}-health`} className="text-xs font-normal" title={t(P.healthHow)} aria-label={t(P.healthHow)}>
        ?
      </a>
    </span>
  );
}
