import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { auditProgress } from "../audit/progress.server.ts";
import { getAudit, getAuditOverview, getIssueDetail, getPageDetail, listAudits } from "../audit/report.server.ts";
import { exportAudit } from "../audit/export.server.ts";
import { listPages } from "../audit/pages.server.ts";
import { getSchedule, removeSchedule, setSchedule } from "../audit/schedule.server.ts";
import { MAX_PAGES_LIMIT, crawlSettingsSchema } from "../audit/settings.server.ts";
import { cancelAudit, startAudit } from "../audit/start.server.ts";
import { continueAudit } from "../audit/continue.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";
import { loadCheckTexts } from "../audit/check-texts.server.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";

const id = z.coerce.number().int().positive();
const auditId = z.object({ id });
/** `?lang=`: the language of check titles, messages and export headings (issue 15); English when absent. */
const lang = z
  .string()
  .max(16)
  .refine(isLanguage, { message: "unsupported language", params: { text: 58030 } })
  .default(DEFAULT_LANG);
const localized = auditId.extend({ lang });
const projectId = z.object({ projectId: id });
const settings = crawlSettingsSchema.default(crawlSettingsSchema.parse({}));
const FINISHED = new Set(["done", "failed", "cancelled"]);
/** Interval between two progress events of the stream, in ms. */
const PROGRESS_EVERY_MS = 1000;
const tag = "audits";
const read = (resource: "audit" | "project", field: string) => owned(resource, field, "read");
const change = (resource: "audit" | "project", field: string) => owned(resource, field, "change");

const startSchema = z
  .object({ projectId: id.optional(), url: z.string().trim().max(2048).optional(), settings })
  .refine((v) => v.projectId !== undefined || (v.url ?? "") !== "", {
    message: "give a projectId or a url",
    path: ["url"],
    params: { text: 58037 },
  });

const pagesQuery = auditId.extend({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(["all", "2xx", "3xx", "4xx", "5xx", "error", "blocked"]).default("all"),
  q: z.string().max(500).optional(),
  indexable: z.enum(["true", "false"]).optional(),
  sort: z.enum(["url", "depth", "inlinks", "status", "ttfb", "size"]).default("url"),
  order: z.enum(["asc", "desc"]).default("asc"),
});

/**
 * Routes under /api/audits (issue 3, named by issue 8.3): start, list, overview, progress (JSON and
 * server-sent events), cancel, pages, page detail, affected URLs of a check, exports, and the
 * project's repeat-audit schedule. Access: the one rule (server/access), through each route's declaration.
 */
export const auditRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/audits/start",
    tag,
    summary: "Start an audit of one of your projects or of a site address",
    input: startSchema,
    access: owned("project", "projectId", "change", { optional: true }),
    status: 201,
    handle: async ({ input, services, owner }) =>
      startAudit({ services, owner: (await owner({ ensure: true })) as { visitorId: string; userId: number | null }, ...input }),
  }),
  route({
    method: "get",
    path: "/audits/list",
    tag,
    summary: "Your most recent audits",
    access: { kind: "self" },
    handle: async ({ services, owner }) => ({ audits: await listAudits({ db: services.db, owner: await owner() }) }),
  }),
  route({
    method: "get",
    path: "/audits/schedule",
    tag,
    summary: "A project's repeat-audit schedule",
    input: projectId,
    access: read("project", "projectId"),
    handle: async ({ input, services, owner }) => ({
      schedule: await getSchedule({ services, owner: await owner(), projectId: input.projectId }),
    }),
  }),
  route({
    method: "post",
    path: "/audits/schedule",
    tag,
    summary: "Set a project's repeat-audit schedule (daily, weekly or monthly)",
    input: projectId.extend({ frequency: z.enum(["daily", "weekly", "monthly"]), settings }),
    access: change("project", "projectId"),
    handle: async ({ input, services, owner }) => ({ schedule: await setSchedule({ services, owner: await owner(), ...input }) }),
  }),
  route({
    method: "delete",
    path: "/audits/schedule",
    tag,
    summary: "Remove a project's repeat-audit schedule",
    input: projectId,
    access: change("project", "projectId"),
    handle: async ({ input, services, owner }) => ({
      removed: await removeSchedule({ services, owner: await owner(), projectId: input.projectId }),
    }),
  }),
  route({
    method: "get",
    path: "/audits/:id",
    tag,
    summary: "An audit's overview: health score, summary, issues per check, comparison with the previous audit",
    input: localized,
    access: read("audit", "id"),
    handle: async ({ input, services, owner }) =>
      getAuditOverview({ db: services.db, owner: await owner(), auditId: input.id, texts: await loadCheckTexts(services.db, input.lang) }),
  }),
  route({
    method: "get",
    path: "/audits/:id/status",
    tag,
    summary: "Progress of an audit",
    input: auditId,
    access: read("audit", "id"),
    handle: async ({ c, input, services, owner }) => {
      const audit = await getAudit({ db: services.db, owner: await owner(), auditId: input.id });
      c.header("cache-control", "no-store");
      return auditProgress(services.db, audit);
    },
  }),
  route({
    method: "get",
    path: "/audits/:id/events",
    tag,
    summary: "Progress of an audit as server-sent events, one a second until it ends",
    input: auditId,
    access: read("audit", "id"),
    produces: "text/event-stream",
    handle: async ({ c, input, services, owner }) => {
      const opts = { db: services.db, owner: await owner(), auditId: input.id };
      c.header("cache-control", "no-store");
      return streamSSE(c, async (stream) => {
        for (let n = 0; !stream.aborted; n++) {
          const progress = await auditProgress(services.db, await getAudit(opts));
          await stream.writeSSE({ data: JSON.stringify(progress), id: String(n) });
          if (FINISHED.has(progress.status)) break;
          await stream.sleep(PROGRESS_EVERY_MS);
        }
      });
    },
  }),
  route({
    method: "post",
    path: "/audits/:id/cancel",
    tag,
    summary: "Stop an audit that has not finished",
    input: auditId,
    access: change("audit", "id"),
    handle: async ({ input, services, owner }) => ({ cancelled: await cancelAudit({ services, owner: await owner(), auditId: input.id }) }),
  }),
  route({
    method: "post",
    path: "/audits/:id/continue",
    tag,
    summary: "Continue an audit that stopped at its page limit with a higher limit (the same audit resumes)",
    input: auditId.extend({ maxPages: z.coerce.number().int().min(2).max(MAX_PAGES_LIMIT) }),
    access: change("audit", "id"),
    handle: async ({ input, services, owner }) =>
      continueAudit({ services, owner: await owner(), auditId: input.id, maxPages: input.maxPages }),
  }),
  route({
    method: "get",
    path: "/audits/:id/pages",
    tag,
    summary: "The audit's pages: filtered, sorted and paged",
    input: pagesQuery,
    access: read("audit", "id"),
    handle: async ({ input, services }) => {
      const { id: audit, ...q } = input;
      const indexable = q.indexable === undefined ? undefined : q.indexable === "true";
      return { offset: q.offset, limit: q.limit, ...(await listPages(services.db, audit, { ...q, indexable })) };
    },
  }),
  route({
    method: "get",
    path: "/audits/:id/page",
    tag,
    summary: "Everything the audit knows about one URL",
    input: localized.extend({ url: z.string().url().max(2048) }),
    access: read("audit", "id"),
    handle: async ({ input, services, owner }) =>
      getPageDetail({
        db: services.db,
        owner: await owner(),
        auditId: input.id,
        url: input.url,
        texts: await loadCheckTexts(services.db, input.lang),
      }),
  }),
  route({
    method: "get",
    path: "/audits/:id/issues/:check",
    tag,
    summary: "The URLs one check found, a page at a time: searched, sorted, for one link target or grouped by target",
    input: localized.extend({
      check: z.string().regex(/^[a-z0-9-]{1,80}$/),
      offset: z.coerce.number().int().min(0).default(0),
      q: z.string().max(500).optional(),
      sort: z.enum(["url", "message"]).default("url"),
      order: z.enum(["asc", "desc"]).default("asc"),
      target: z.string().max(2048).optional(),
      grouped: z.enum(["true", "false"]).optional(),
    }),
    access: read("audit", "id"),
    handle: async ({ input, services, owner }) => {
      const { id, grouped, lang, ...q } = input;
      return getIssueDetail({
        db: services.db,
        owner: await owner(),
        auditId: id,
        ...q,
        grouped: grouped === "true",
        texts: await loadCheckTexts(services.db, lang),
      });
    },
  }),
  route({
    method: "get",
    path: "/audits/:id/export/:file",
    tag,
    summary: "The audit's pages or issues (all, or one check's) as CSV or Excel",
    input: localized.extend({
      file: z.enum(["pages.csv", "pages.xlsx", "issues.csv", "issues.xlsx"]),
      check: z
        .string()
        .regex(/^[a-z0-9-]{1,80}$/)
        .optional(),
    }),
    access: read("audit", "id"),
    produces: "text/csv",
    handle: async ({ c, input, services }) => {
      const [what, format] = input.file.split(".") as ["pages" | "issues", "csv" | "xlsx"];
      const file = await exportAudit(services.db, input.id, what, format, {
        lang: input.lang,
        ...(input.check ? { check: input.check } : {}),
      });
      return c.body(new Uint8Array(file.body), 200, {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "no-store",
      });
    },
  }),
];
