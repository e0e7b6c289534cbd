import { z } from "zod";
import { getSpeedTest, listSpeedTests } from "../speed/get.server.ts";
import { budgetSchema, getBudget, setBudget } from "../speed/budget.server.ts";
import { getSiteSpeedSchedule, setSiteSpeedSchedule, siteSpeedScheduleSchema } from "../speed/schedule.server.ts";
import { sampleSiteSpeed, siteSpeedByTemplate, siteSpeedTrend } from "../speed/site-speed.server.ts";
import { startSpeedTest } from "../speed/start.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";

const id = z.coerce.number().int().positive();
const tag = "speed";

/**
 * Routes under /api/speed-tests (issue 12.1): start a test (queued as a job), read one with its
 * queue position and results, list recent ones. Access: the one rule (server/access).
 */
export const speedRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/speed-tests",
    tag,
    summary: "Start a page speed test: Lighthouse N times on mobile and desktop, the median run reported",
    input: z.object({
      url: z.string().trim().min(1).max(2048),
      projectId: id.optional(),
      runs: z.coerce.number().int().min(1).max(9).optional(),
    }),
    access: owned("project", "projectId", "change", { optional: true }),
    status: 201,
    handle: async ({ input, services, owner }) => startSpeedTest({ services, owner: await owner({ ensure: true }), ...input }),
  }),
  route({
    method: "get",
    path: "/speed-tests/list",
    tag,
    summary: "Your recent speed tests, or a project's",
    input: z.object({ projectId: id.optional() }),
    access: owned("project", "projectId", "read", { optional: true }),
    handle: async ({ input, services, owner }) => ({
      tests: await listSpeedTests({ db: services.db, owner: await owner(), projectId: input.projectId ?? null }),
    }),
  }),
  route({
    method: "post",
    path: "/speed-tests/sample",
    tag,
    summary: "Site speed: queue tests of a few pages per template of the project's latest audit",
    input: z.object({ projectId: id, perTemplate: z.coerce.number().int().min(1).max(10).optional() }),
    access: owned("project", "projectId", "change"),
    status: 201,
    handle: async ({ input, services, owner }) => sampleSiteSpeed({ services, owner: await owner(), ...input }),
  }),
  route({
    method: "get",
    path: "/speed-tests/templates",
    tag,
    summary: "Site speed by template: pages tested, waiting, median mobile score and LCP",
    input: z.object({ projectId: id }),
    access: owned("project", "projectId", "read"),
    handle: async ({ input, services, owner }) => ({
      templates: await siteSpeedByTemplate({ db: services.db, owner: await owner(), projectId: input.projectId }),
    }),
  }),
  route({
    method: "get",
    path: "/speed-tests/site",
    tag,
    summary:
      "Site speed of a project: the finished runs' trend (mobile medians, budget breaches), the run in progress, budget and schedule",
    input: z.object({ projectId: id }),
    access: owned("project", "projectId", "read"),
    handle: async ({ input, services, owner }) => {
      const o = { owner: await owner(), projectId: input.projectId };
      const [trend, budget, schedule] = await Promise.all([
        siteSpeedTrend({ db: services.db, ...o }),
        getBudget({ db: services.db, ...o }),
        getSiteSpeedSchedule({ services, ...o }),
      ]);
      return { ...trend, budget, schedule };
    },
  }),
  route({
    method: "post",
    path: "/speed-tests/budget",
    tag,
    summary: "Set the project's speed budget (LCP, TBT in ms, CLS, minimum performance; null = no limit)",
    input: budgetSchema.extend({ projectId: id }),
    access: owned("project", "projectId", "change"),
    handle: async ({ input, services, owner }) => {
      const { projectId, ...budget } = input;
      return { budget: await setBudget({ db: services.db, owner: await owner(), projectId, budget }) };
    },
  }),
  route({
    method: "post",
    path: "/speed-tests/schedule",
    tag,
    summary: "Set the project's site speed schedule (daily, weekly, monthly; never removes it)",
    input: siteSpeedScheduleSchema.extend({ projectId: id }),
    access: owned("project", "projectId", "change"),
    handle: async ({ input, services, owner }) => ({
      schedule: await setSiteSpeedSchedule({ services, owner: await owner(), ...input }),
    }),
  }),
  route({
    method: "get",
    path: "/speed-tests/:test",
    tag,
    summary: "A speed test: status, queue position, median run per form factor with the spread, field data",
    input: z.object({ test: id }),
    access: owned("speedTest", "test", "read"),
    handle: async ({ c, input, services, owner }) => {
      c.header("cache-control", "no-store");
      return getSpeedTest({ db: services.db, owner: await owner(), testId: input.test });
    },
  }),
];
