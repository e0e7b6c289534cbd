import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { crawlProgress } from "../audit/progress.server.ts";
import { getCrawlForVisitor, getCrawlOverview, getIssueDetail, getPageDetail, listCrawls } from "../audit/report.server.ts";
import { exportCrawl } from "../crawler/export.server.ts";
import { listPages } from "../crawler/pages.server.ts";
import { getSchedule, removeSchedule, setSchedule } from "../crawler/schedule.server.ts";
import { crawlSettingsSchema } from "../crawler/settings.server.ts";
import { cancelCrawl, startCrawl } from "../crawler/start.server.ts";
import { AppError } from "../errors.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { ensureVisitor, visitorIdFromCookie } from "../http/visitor.server.ts";
import type { ApiEnv } from "./types.server.ts";

const crawlId = z.object({ id: z.coerce.number().int().positive() });
const projectId = z.object({ projectId: z.coerce.number().int().positive() });
const FINISHED = new Set(["done", "failed", "cancelled"]);
/** Interval between two progress events of the stream, in ms. */
const PROGRESS_EVERY_MS = 1000;

const startSchema = z
  .object({
    projectId: z.coerce.number().int().positive().optional(),
    url: z.string().trim().max(2048).optional(),
    settings: crawlSettingsSchema.default(crawlSettingsSchema.parse({})),
  })
  .refine((v) => v.projectId !== undefined || (v.url ?? "") !== "", { message: "give a projectId or a url", path: ["url"] });

const pagesQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(["all", "2xx", "3xx", "4xx", "5xx", "error", "blocked"]).default("all"),
  q: z.string().max(500).optional(),
  indexable: z.enum(["true", "false"]).optional(),
  sort: z.enum(["url", "depth", "inlinks", "status", "ttfb", "size"]).default("url"),
  order: z.enum(["asc", "desc"]).default("asc"),
});

/**
 * Routes under /api/crawl (issue 3): start, list, overview, progress (JSON and server-sent
 * events), cancel, pages, page detail, affected URLs of a check, exports, project schedules.
 * A crawl is visible to the visitor who started it and to the owner of its project.
 */
export function crawlApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const visitor = async (c: Context<ApiEnv>) => visitorIdFromCookie(c, c.get("services"));

  app.post("/start", async (c) => {
    const input = validate(startSchema, await readInput(c));
    const services = c.get("services");
    const visitorId = await ensureVisitor(c, services);
    return c.json(await startCrawl(services, visitorId, input), 201);
  });

  app.get("/list", async (c) => c.json({ crawls: await listCrawls(c.get("services").db, await visitor(c)) }));

  app.get("/schedule", async (c) => {
    const { projectId: id } = validate(projectId, c.req.query());
    return c.json({ schedule: await getSchedule(c.get("services"), await visitor(c), id) });
  });
  app.post("/schedule", async (c) => {
    const input = validate(
      projectId.extend({
        frequency: z.enum(["daily", "weekly", "monthly"]),
        settings: crawlSettingsSchema.default(crawlSettingsSchema.parse({})),
      }),
      await readInput(c),
    );
    return c.json({ schedule: await setSchedule(c.get("services"), await visitor(c), input.projectId, input.frequency, input.settings) });
  });
  app.delete("/schedule", async (c) => {
    const { projectId: id } = validate(projectId, await readInput(c));
    return c.json({ removed: await removeSchedule(c.get("services"), await visitor(c), id) });
  });

  app.get("/:id", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    return c.json(await getCrawlOverview(c.get("services").db, await visitor(c), id));
  });

  app.get("/:id/status", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const services = c.get("services");
    const crawl = await getCrawlForVisitor(services.db, await visitor(c), id);
    c.header("cache-control", "no-store");
    return c.json(await crawlProgress(services.db, crawl));
  });

  app.get("/:id/events", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const services = c.get("services");
    const visitorId = await visitor(c);
    await getCrawlForVisitor(services.db, visitorId, id);
    c.header("cache-control", "no-store");
    return streamSSE(c, async (stream) => {
      for (let n = 0; !stream.aborted; n++) {
        const crawl = await getCrawlForVisitor(services.db, visitorId, id);
        const progress = await crawlProgress(services.db, crawl);
        await stream.writeSSE({ data: JSON.stringify(progress), id: String(n) });
        if (FINISHED.has(progress.status)) break;
        await stream.sleep(PROGRESS_EVERY_MS);
      }
    });
  });

  app.post("/:id/cancel", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const services = c.get("services");
    await getCrawlForVisitor(services.db, await visitor(c), id);
    return c.json({ cancelled: await cancelCrawl(services, id) });
  });

  app.get("/:id/pages", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const q = validate(pagesQuery, c.req.query());
    const services = c.get("services");
    await getCrawlForVisitor(services.db, await visitor(c), id);
    const indexable = q.indexable === undefined ? undefined : q.indexable === "true";
    return c.json({ offset: q.offset, limit: q.limit, ...(await listPages(services.db, id, { ...q, indexable })) });
  });

  app.get("/:id/page", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const { url } = validate(z.object({ url: z.string().url().max(2048) }), c.req.query());
    return c.json(await getPageDetail(c.get("services").db, await visitor(c), id, url));
  });

  app.get("/:id/issues/:check", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const { check } = validate(z.object({ check: z.string().regex(/^[a-z0-9-]{1,80}$/) }), c.req.param());
    const { offset } = validate(z.object({ offset: z.coerce.number().int().min(0).default(0) }), c.req.query());
    return c.json(await getIssueDetail(c.get("services").db, await visitor(c), id, check, offset));
  });

  app.get("/:id/export/:file", async (c) => {
    const { id } = validate(crawlId, c.req.param());
    const m = /^(pages|issues)\.(csv|xlsx)$/.exec(c.req.param("file"));
    if (!m) throw new AppError("validation", "file: pages.csv, pages.xlsx, issues.csv or issues.xlsx", "file");
    const services = c.get("services");
    await getCrawlForVisitor(services.db, await visitor(c), id);
    const file = await exportCrawl(services.db, id, m[1] as "pages" | "issues", m[2] as "csv" | "xlsx");
    return c.body(new Uint8Array(file.body), 200, {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    });
  });

  return app;
}
