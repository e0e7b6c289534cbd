import type { ScoreConstants } from "../../common/projects/scores.ts";
import { SEVERITY_PENALTY } from "../analyzer/checks/index.ts";
import { PAGE_PENALTY, SITE_PENALTY } from "../audit/health.ts";

/** The constants of both scores, from the code that computes them (one source for the explanation). */
export const SCORE_CONSTANTS: ScoreConstants = { pagePenalty: PAGE_PENALTY, sitePenalty: SITE_PENALTY, onPagePenalty: SEVERITY_PENALTY };
