/**
 * The /start step of rank tracking (issue 10 point 1, spec 2 /start): right after adding a site,
 * the owner picks the search engines (engine, country, language, city, device) of their project on
 * /addengine. Done as soon as one of their projects has an engine.
 */
import { count, inArray } from "drizzle-orm";
import { R } from "../../common/rank/text-ids.ts";
import { rankEngines } from "../db/schema.server.ts";
import type { OnboardingStep } from "../project/onboarding.server.ts";

/** The step; createServices registers it. */
export const rankOnboardingStep: OnboardingStep = {
  id: "engines",
  order: 15,
  title: R.stepEngines,
  how: R.stepEnginesHow,
  href: (ctx) => (ctx.projectIds[0] ? `/addengine/new?idp=${ctx.projectIds[0]}&from=start` : "/addproject"),
  done: async ({ services, projectIds }) => {
    if (projectIds.length === 0) return false;
    const [row] = await services.db.select({ n: count() }).from(rankEngines).where(inArray(rankEngines.projectId, projectIds));
    return Number(row?.n ?? 0) > 0;
  },
};
