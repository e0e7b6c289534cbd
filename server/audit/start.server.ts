/**
 * Starting and cancelling audits for a visitor (issue 3 /website-checker): an audit of one of the
 * visitor's projects or of a site address (checked like the start box, spec 5), queued as a
 * pg-boss job.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { auditUrls, audits, projects } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { isBanned } from "../project/check-site.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import type { Services } from "../services.server.ts";
import { createAudit } from "./create.server.ts";
import { queueAudit } from "../crawler/jobs.server.ts";
import { crawlSettingsSchema, type CrawlSettings } from "./settings.server.ts";

/** Crawls one visitor may have queued or running at once. */
export const MAX_ACTIVE_AUDITS = 3;

/** What to audit: a project of the owner, or a site address; `owner.visitorId` is the browser that starts it. */
export interface StartAuditOptions {
  services: Services;
  owner: Owner & { visitorId: string };
  projectId?: number | undefined;
  url?: string | undefined;
  settings: CrawlSettings;
}

/**
 * Creates and queues an audit. With `projectId` the project's URL is crawled and the audit belongs
 * to the project; otherwise `url` is validated (spec 5 URL check, banned domains).
 * @throws AppError "validation" (field "url"), "not_found" (field "projectId"), "forbidden" for a
 *   banned domain, "rate_limited" when the visitor already has {@link MAX_ACTIVE_AUDITS} active audits.
 */
export async function startAudit(input: StartAuditOptions): Promise<{ auditId: number; startUrl: string }> {
  const { services, owner } = input;
  const visitorId = owner.visitorId;
  let startUrl: string;
  let projectId: number | null = null;
  if (input.projectId !== undefined) {
    await authorize({ db: services.db, owner, resource: "project", id: input.projectId, action: "change", field: "projectId" });
    const [project] = await services.db.select({ url: projects.url }).from(projects).where(eq(projects.id, input.projectId));
    if (!project) throw new AppError("not_found", errorText(58114), "projectId");
    startUrl = project.url;
    projectId = input.projectId;
  } else {
    if (!input.url) throw new AppError("validation", errorText(9767), "url");
    startUrl = filterUrl(input.url, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS, field: "url" }).url;
  }
  if (await isBanned(services, new URL(startUrl).hostname)) throw new AppError("forbidden", errorText(58116), "url");
  const [active] = await services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(audits)
    .where(and(eq(audits.visitorId, visitorId), inArray(audits.status, ["queued", "starting", "running", "finishing"])));
  if ((active?.n ?? 0) >= MAX_ACTIVE_AUDITS) {
    throw new AppError("rate_limited", errorText(58164, { max: MAX_ACTIVE_AUDITS }));
  }
  const auditId = await createAudit(services.db, { startUrl, settings: input.settings, projectId, visitorId });
  await queueAudit(services, auditId);
  return { auditId, startUrl };
}

const checkbox = z
  .literal("1")
  .optional()
  .transform((v) => v === "1");

/**
 * The /website-checker start form (issue 8.4): a typed site, else a project (idp), and the audit
 * settings (maxDepth "" means unlimited; checkboxes send "1"). Gives the input of {@link startAudit}.
 */
export const startFormSchema = z
  .object({
    site: z.string().trim().max(2048).default(""),
    idp: z.union([z.literal("").transform(() => undefined), z.coerce.number().int().positive()]).optional(),
    maxPages: crawlSettingsSchema.shape.maxPages,
    maxDepth: z.union([z.literal("").transform(() => null), crawlSettingsSchema.shape.maxDepth]).default(null),
    render: checkbox,
    checkExternal: checkbox,
  })
  .transform(({ site, idp, ...settings }) => ({
    projectId: site === "" ? idp : undefined,
    url: site === "" ? undefined : site,
    settings: crawlSettingsSchema.parse(settings),
  }));

/** A screen's cancel button: the audit to cancel. */
export const cancelFormSchema = z.object({ intent: z.literal("cancel"), audit: z.coerce.number().int().positive() });

/**
 * Cancels an audit the owner may change that has not finished: workers stop claiming, pending URLs are skipped, pages
 * already fetched are kept (no audit is run). Returns false when it had already ended.
 */
export async function cancelAudit({ services, owner, auditId }: { services: Services; owner: Owner; auditId: number }): Promise<boolean> {
  await authorize({ db: services.db, owner, resource: "audit", id: auditId, action: "change" });
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .update(audits)
      .set({ status: "cancelled", finishedAt: new Date() })
      .where(and(eq(audits.id, auditId), inArray(audits.status, ["queued", "starting", "running"])))
      .returning({ id: audits.id });
    if (rows.length === 0) return false;
    await tx
      .update(auditUrls)
      .set({ status: "skipped" })
      .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.status, "pending")));
    return true;
  });
}
