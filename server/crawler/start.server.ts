/**
 * Starting and cancelling crawls for a visitor (issue 3 /website-checker): a crawl of one of the
 * visitor's projects or of a site address (checked like the start box, spec 5), queued as a
 * pg-boss job.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { crawlUrls, crawls, projects } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
import { isBanned } from "../project/check-site.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import type { Services } from "../services.server.ts";
import { createCrawl } from "./create.server.ts";
import { queueCrawl } from "./jobs.server.ts";
import type { CrawlSettings } from "./settings.server.ts";

/** Crawls one visitor may have queued or running at once. */
export const MAX_ACTIVE_CRAWLS = 3;

/** What to crawl: a project of the visitor, or a site address. */
export interface StartCrawlInput {
  projectId?: number | undefined;
  url?: string | undefined;
  settings: CrawlSettings;
}

/**
 * Creates and queues a crawl. With `projectId` the project's URL is crawled and the crawl belongs
 * to the project; otherwise `url` is validated (spec 5 URL check, banned domains).
 * @throws AppError "validation" (field "url"), "not_found" (field "projectId"), "forbidden" for a
 *   banned domain, "rate_limited" when the visitor already has {@link MAX_ACTIVE_CRAWLS} active crawls.
 */
export async function startCrawl(
  services: Services,
  visitorId: string,
  input: StartCrawlInput,
): Promise<{ crawlId: number; startUrl: string }> {
  let startUrl: string;
  let projectId: number | null = null;
  if (input.projectId !== undefined) {
    const [project] = await services.db
      .select({ url: projects.url })
      .from(projects)
      .where(and(eq(projects.id, input.projectId), eq(projects.visitorId, visitorId)));
    if (!project) throw new AppError("not_found", "Project not found.", "projectId");
    startUrl = project.url;
    projectId = input.projectId;
  } else {
    if (!input.url) throw new AppError("validation", "url: Enter your domain", "url");
    startUrl = filterUrl(input.url, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS, field: "url" }).url;
  }
  if (await isBanned(services, new URL(startUrl).hostname)) throw new AppError("forbidden", "This site cannot be audited.", "url");
  const [active] = await services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(crawls)
    .where(and(eq(crawls.visitorId, visitorId), inArray(crawls.status, ["queued", "starting", "running", "finishing"])));
  if ((active?.n ?? 0) >= MAX_ACTIVE_CRAWLS) {
    throw new AppError("rate_limited", `At most ${MAX_ACTIVE_CRAWLS} crawls can run at once: wait for one to finish or cancel it.`);
  }
  const crawlId = await createCrawl(services.db, { startUrl, settings: input.settings, projectId, visitorId });
  await queueCrawl(services, crawlId);
  return { crawlId, startUrl };
}

/**
 * Cancels a crawl that has not finished: workers stop claiming, pending URLs are skipped, pages
 * already fetched are kept (no audit is run). Returns false when it had already ended.
 */
export async function cancelCrawl(services: Services, crawlId: number): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const rows = await tx
      .update(crawls)
      .set({ status: "cancelled", finishedAt: new Date() })
      .where(and(eq(crawls.id, crawlId), inArray(crawls.status, ["queued", "starting", "running"])))
      .returning({ id: crawls.id });
    if (rows.length === 0) return false;
    await tx
      .update(crawlUrls)
      .set({ status: "skipped" })
      .where(and(eq(crawlUrls.crawlId, crawlId), eq(crawlUrls.status, "pending")));
    return true;
  });
}
