/**
 * Continuing an audit that stopped at its page limit (issue 8.8 / 16.4): the same audit resumes
 * with a higher limit. Pages already crawled are kept (never fetched again); the URLs left at
 * the limit go back to the frontier, workers claim them in the same breadth-first order, and the
 * site-wide audit runs again over all pages when the frontier is exhausted.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { auditUrls, audits } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { queueAudit } from "../crawler/jobs.server.ts";
import { limitOf } from "./limit.ts";
import { MAX_PAGES_LIMIT, crawlSettingsSchema } from "./settings.server.ts";

/** The "continue with a higher limit" form of the report (intent=continue): the audit and its new page limit. */
export const continueFormSchema = z.object({
  intent: z.literal("continue"),
  audit: z.coerce.number().int().positive(),
  maxPages: z.coerce.number().int().positive().max(MAX_PAGES_LIMIT),
});

/** Options of {@link continueAudit}. `maxPages`: the new page limit, above the one the audit ran with. */
export interface ContinueAuditOptions {
  services: Services;
  owner: Owner;
  auditId: number;
  maxPages: number;
}

/**
 * Resumes a finished audit that left URLs at its page limit, with `maxPages` as the new limit, and
 * queues a worker for it.
 * @throws AppError "not_found"/"forbidden" (access), "conflict" when the audit is not finished or
 *   did not stop at its limit, "validation" (field "maxPages") when the limit is not higher or
 *   above {@link MAX_PAGES_LIMIT}.
 */
export async function continueAudit(input: ContinueAuditOptions): Promise<{ auditId: number; maxPages: number; pagesLeft: number }> {
  const { services, owner, auditId, maxPages } = input;
  await authorize({ db: services.db, owner, resource: "audit", id: auditId, action: "change" });
  const resumed = await services.db.transaction(async (tx) => {
    const [row] = await tx.select().from(audits).where(eq(audits.id, auditId)).for("update");
    if (!row) throw new AppError("not_found", errorText(58110), "id");
    const limit = limitOf(row.summary);
    if (row.status !== "done" || !limit || limit.pagesLeft === 0) throw new AppError("conflict", errorText(58111), "id");
    const settings = crawlSettingsSchema.parse(row.settings);
    if (maxPages <= settings.maxPages || maxPages > MAX_PAGES_LIMIT)
      throw new AppError("validation", errorText(58163, { field: "maxPages", min: settings.maxPages, max: MAX_PAGES_LIMIT }), "maxPages");
    await tx
      .update(audits)
      .set({ status: "running", settings: { ...settings, maxPages }, finishedAt: null, error: null })
      .where(eq(audits.id, auditId));
    await tx
      .update(auditUrls)
      .set({ status: "pending", claimedBy: null, claimedAt: null })
      .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.status, "skipped")));
    return limit.pagesLeft;
  });
  await queueAudit(services, auditId);
  return { auditId, maxPages, pagesLeft: resumed };
}
