import { z } from "zod";
import { getSpeedTest, listSpeedTests } from "../speed/get.server.ts";
import { sampleSiteSpeed, siteSpeedByTemplate } from "../speed/site-speed.server.ts";
import { startSpeedTest } from "../speed/start.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

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
    access: { kind: "resource", resource: "project", field: "projectId", action: "change", optional: true },
    status: 201,
    handle: async ({ input, services, owner }) => startSpeedTest({ services, owner: await owner({ ensure: true }), ...input }),
  }),
  route({
    method: "get",
    path: "/speed-tests/list",
    tag,
    summary: "Your recent speed tests, or a project's",
    input: z.object({ projectId: id.optional() }),
    access: { kind: "resource", resource: "project", field: "projectId", action: "read", optional: true },
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
    access: { kind: "resource", resource: "project", field: "projectId", action: "change" },
    status: 201,
    handle: async ({ input, services, owner }) => sampleSiteSpeed({ services, owner: await owner(), ...input }),
  }),
  route({
    method: "get",
    path: "/speed-tests/templates",
    tag,
    summary: "Site speed by template: pages tested, waiting, median mobile score and LCP",
    input: z.object({ projectId: id }),
    access: { kind: "resource", resource: "project", field: "projectId", action: "read" },
    handle: async ({ input, services, owner }) => ({
      templates: await siteSpeedByTemplate({ db: services.db, owner: await owner(), projectId: input.projectId }),
    }),
  }),
  route({
    method: "get",
    path: "/speed-tests/:test",
    tag,
    summary: "A speed test: status, queue position, median run per form factor with the spread, field data",
    input: z.object({ test: id }),
    access: { kind: "resource", resource: "speedTest", field: "test", action: "read" },
    handle: async ({ c, input, services, owner }) => {
      c.header("cache-control", "no-store");
      return getSpeedTest({ db: services.db, owner: await owner(), testId: input.test });
    },
  }),
];
