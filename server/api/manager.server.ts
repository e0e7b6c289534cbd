import { getCurrentUser } from "../auth/current-user.server.ts";
import { getManagerRecord } from "../manager/manager-record.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

/** Manager routes under /api/main (spec 7). */
export const managerRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/main/getmanager",
    tag: "main",
    summary: "The caller's personal manager (the default one for guests), the user's phone fields and idu",
    access: { kind: "self" },
    handle: async ({ c, services }) => getManagerRecord(services.db, await getCurrentUser(c)),
  }),
];
