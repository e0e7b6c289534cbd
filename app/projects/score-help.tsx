import type { ScoreConstants } from "../../common/projects/scores.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { SCORE_HELP_ID } from "./score-label.tsx";
import { P } from "./text-ids.ts";

/** How "Site health" and "On-page score" are computed (issue 16.9), the target of the scores' "?" links. */
export function ScoreHelp({ constants }: { constants: ScoreConstants }) {
  const t = useT();
  const { lang } = useLang();
  const { pagePenalty: p, sitePenalty: s, onPagePenalty: o } = constants;
  return (
    <section id={SCORE_HELP_ID} className="card mt-6 text-sm text-ink-700" aria-labelledby={`${SCORE_HELP_ID}-title`}>
      <h2 id={`${SCORE_HELP_ID}-title`} className="text-lg font-semibold text-ink-900">
        {t(P.scoresTitle)}
      </h2>
      <h3 id={`${SCORE_HELP_ID}-health`} className="mt-3 font-semibold text-ink-900">
        {t(P.healthLabel)} {t(P.outOf100)}
      </h3>
      <p className="mt-1">
        {fill(
          t(P.healthExplain),
          { error: p.error, warning: p.warning, notice: p.notice, siteError: s.error, siteWarning: s.warning },
          lang,
        )}
      </p>
      <h3 id={`${SCORE_HELP_ID}-onpage`} className="mt-3 font-semibold text-ink-900">
        {t(P.onPageLabel)} {t(P.outOf100)}
      </h3>
      <p className="mt-1">{fill(t(P.onPageExplain), { error: o.error, warning: o.warning, notice: o.notice }, lang)}</p>
    </section>
  );
}
