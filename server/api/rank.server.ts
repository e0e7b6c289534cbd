import { z } from "zod";
import { addEngine, engineInputSchema, listEngines, removeEngine } from "../rank/engines.server.ts";
import { exportRankings } from "../rank/export.server.ts";
import {
  addCompetitor,
  addKeywords,
  keywordsInputSchema,
  parseKeywordCsv,
  parsePasted,
  removeCompetitor,
  removeKeyword,
} from "../rank/keywords.server.ts";
import { countryLanguage, searchCities } from "../rank/locations.server.ts";
import { getRankings } from "../rank/rankings.server.ts";
import { checkNow, ensureRankSchedule, getRankSettings, rankSettingsSchema, saveRankSettings } from "../rank/schedule.server.ts";
import { projects } from "../db/schema.server.ts";
import { eq } from "drizzle-orm";
import { route, type ApiRoute, owned } from "./route.server.ts";

const id = z.coerce.number().int().positive();
const idp = z.object({ idp: id });
const tag = "rank";
const on = (resource: "project" | "engine" | "keyword" | "competitor", field: string, action: "read" | "change" | "delete") =>
  owned(resource, field, action);
const filter = idp.extend({ engineId: id.optional(), tag: z.string().max(50).optional(), q: z.string().max(400).optional() });

/**
 * Routes under /api/rank (issue 10): a project's search engines, keywords (list, paste or CSV text),
 * competitors, settings, "check now", the rankings table and its CSV/XLSX export, and the city
 * search of the engine form. Access: the one rule, through each route's declaration.
 */
export const rankRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/rank/locations",
    tag,
    summary: "Cities of a country whose name starts with q (GeoNames ids as location codes)",
    input: z.object({ country: z.string().length(2), q: z.string().max(100) }),
    access: { kind: "public" },
    handle: ({ input }) => ({ language: countryLanguage(input.country), cities: searchCities({ country: input.country, q: input.q }) }),
  }),
  route({
    method: "get",
    path: "/rank/engines",
    tag,
    summary: "A project's search engines",
    input: idp,
    access: on("project", "idp", "read"),
    handle: async ({ input, services, owner }) => ({
      engines: await listEngines({ services, owner: await owner(), projectId: input.idp }),
    }),
  }),
  route({
    method: "post",
    path: "/rank/engines",
    tag,
    summary: "Add a search engine (type, country, language, city, device) to a project",
    input: idp.merge(engineInputSchema),
    access: on("project", "idp", "change"),
    status: 201,
    handle: async ({ input, services, owner }) => {
      const { idp: projectId, ...engine } = input;
      const added = await addEngine({ services, owner: await owner(), projectId, input: engine });
      await ensureRankSchedule(services, projectId);
      return { engine: added };
    },
  }),
  route({
    method: "delete",
    path: "/rank/engines/:engineId",
    tag,
    summary: "Remove a search engine and its history",
    input: z.object({ engineId: id }),
    access: on("engine", "engineId", "delete"),
    handle: async ({ input, services, owner }) => (
      await removeEngine({ services, owner: await owner(), engineId: input.engineId }),
      { removed: true }
    ),
  }),
  route({
    method: "post",
    path: "/rank/keywords",
    tag,
    summary: "Add keywords: one a line, or a CSV (keyword, url, tags) with csv=1",
    input: idp.merge(keywordsInputSchema).extend({ csv: z.enum(["0", "1"]).default("0") }),
    access: on("project", "idp", "change"),
    status: 201,
    handle: async ({ input, services, owner }) => {
      const list =
        input.csv === "1"
          ? parseKeywordCsv(input.keywords).map((k) => ({
              ...k,
              tags: [...(k.tags ?? []), ...input.tags],
              targetUrl: k.targetUrl ?? input.targetUrl,
            }))
          : parsePasted(input.keywords).map((keyword) => ({ keyword, tags: input.tags, targetUrl: input.targetUrl }));
      const result = await addKeywords({ services, owner: await owner(), projectId: input.idp, keywords: list });
      await ensureRankSchedule(services, input.idp);
      return result;
    },
  }),
  route({
    method: "delete",
    path: "/rank/keywords/:keywordId",
    tag,
    summary: "Remove a keyword and its history",
    input: z.object({ keywordId: id }),
    access: on("keyword", "keywordId", "delete"),
    handle: async ({ input, services, owner }) => (
      await removeKeyword({ services, owner: await owner(), keywordId: input.keywordId }),
      { removed: true }
    ),
  }),
  route({
    method: "post",
    path: "/rank/competitors",
    tag,
    summary: "Add a competitor domain tracked on the same keywords",
    input: idp.extend({ domain: z.string().trim().min(1).max(253) }),
    access: on("project", "idp", "change"),
    status: 201,
    handle: async ({ input, services, owner }) => ({
      competitor: await addCompetitor({ services, owner: await owner(), projectId: input.idp, domain: input.domain }),
    }),
  }),
  route({
    method: "delete",
    path: "/rank/competitors/:competitorId",
    tag,
    summary: "Remove a competitor",
    input: z.object({ competitorId: id }),
    access: on("competitor", "competitorId", "delete"),
    handle: async ({ input, services, owner }) => (
      await removeCompetitor({ services, owner: await owner(), competitorId: input.competitorId }),
      { removed: true }
    ),
  }),
  route({
    method: "get",
    path: "/rank/settings",
    tag,
    summary: "A project's rank settings: time zone, check hour, alert threshold, webhook",
    input: idp,
    access: on("project", "idp", "read"),
    handle: async ({ input, services, owner }) => ({
      settings: await getRankSettings({ services, owner: await owner(), projectId: input.idp }),
    }),
  }),
  route({
    method: "post",
    path: "/rank/settings",
    tag,
    summary: "Save a project's rank settings (reschedules the daily check)",
    input: idp.merge(rankSettingsSchema),
    access: on("project", "idp", "change"),
    handle: async ({ input, services, owner }) => {
      const { idp: projectId, ...rest } = input;
      return { settings: await saveRankSettings({ services, owner: await owner(), projectId, input: rest }) };
    },
  }),
  route({
    method: "post",
    path: "/rank/check",
    tag,
    summary: "Check now: queue the project's checks not yet made today",
    input: idp,
    access: on("project", "idp", "change"),
    status: 202,
    handle: async ({ input, services, owner }) => checkNow({ services, owner: await owner(), projectId: input.idp }),
  }),
  route({
    method: "get",
    path: "/rank/rankings",
    tag,
    summary: "The rankings table of one engine with history, visibility, distribution and competitors",
    input: filter,
    access: on("project", "idp", "read"),
    handle: async ({ input, services, owner }) =>
      getRankings({
        services,
        owner: await owner(),
        projectId: input.idp,
        filter: { engineId: input.engineId, tag: input.tag, q: input.q },
      }),
  }),
  route({
    method: "get",
    path: "/rank/rankings/export",
    tag,
    summary: "The rankings table as CSV or XLSX",
    input: filter.extend({ format: z.enum(["csv", "xlsx"]).default("csv") }),
    access: on("project", "idp", "read"),
    produces: "text/csv",
    handle: async ({ c, input, services, owner }) => {
      const view = await getRankings({
        services,
        owner: await owner(),
        projectId: input.idp,
        filter: { engineId: input.engineId, tag: input.tag, q: input.q },
      });
      const [p] = await services.db.select({ domain: projects.domain }).from(projects).where(eq(projects.id, input.idp));
      const file = await exportRankings(view, p?.domain ?? "project", input.format);
      c.header("content-type", file.contentType);
      c.header("content-disposition", `attachment; filename="${file.filename}"`);
      return c.body(new Uint8Array(file.body));
    },
  }),
];
