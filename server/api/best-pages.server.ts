import { z } from "zod";
import { bestPagesCsv } from "../best-pages/csv.ts";
import { BEST_PAGE_SORTS, listBestPages } from "../best-pages/list.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";

const query = z.object({
  projectId: z.coerce.number().int().positive(),
  view: z.enum(["all", "lost", "low-ctr"]).default("all"),
  days: z.coerce.number().int().min(1).max(480).default(28),
  sort: z.enum(BEST_PAGE_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  q: z.string().max(500).optional(),
});
const access = owned("project", "projectId", "read");

/** Routes under /api/best-pages (issue 12.3): the ranked list as JSON, and as CSV. */
export const bestPagesRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/best-pages",
    tag: "best-pages",
    summary: "A project's pages ranked by Search Console clicks, links, speed and issues; views 'lost' and 'low-ctr'",
    input: query,
    access,
    handle: async ({ input, services, owner }) => listBestPages({ db: services.db, owner: await owner(), ...input }),
  }),
  route({
    method: "get",
    path: "/best-pages/export",
    tag: "best-pages",
    summary: "The same list as CSV",
    input: query,
    access,
    produces: "text/csv",
    handle: async ({ c, input, services, owner }) => {
      const list = await listBestPages({ db: services.db, owner: await owner(), ...input });
      return c.body(bestPagesCsv(list.rows), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="best-pages-${input.projectId}-${input.view}.csv"`,
        "cache-control": "no-store",
      });
    },
  }),
];
