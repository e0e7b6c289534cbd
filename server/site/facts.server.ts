import type { Database } from "../db/client.server.ts";
import { auditCatalogue } from "../audit/run.ts";
import { listPlans } from "./prices.server.ts";
import { ratingSummary } from "../reviews/reviews.server.ts";
import { type SiteFacts, cheapestPlan } from "../../common/site/facts.ts";

export type { SiteFacts };

/**
 * The figures every page repeats (issue 16 point 5), each from its one source: the number of
 * checks from the check catalogue, and for every package the plan with the lowest price per
 * month from the price tables in the database (spec 3).
 */
export async function siteFacts(db: Database): Promise<SiteFacts> {
  const [[autoseo, fullseo, analytics, ssl], reviews] = await Promise.all([
    Promise.all((["autoseo", "fullseo", "analytics", "ssl"] as const).map((p) => listPlans(db, p))),
    ratingSummary(db),
  ]);
  return {
    checks: auditCatalogue().length,
    reviews: reviews.count,
    from: {
      autoseo: cheapestPlan(autoseo!.filter((p) => p.tier !== "trial")),
      fullseo: cheapestPlan(fullseo!),
      analytics: cheapestPlan(analytics!),
      ssl: cheapestPlan(ssl!),
    },
  };
}
