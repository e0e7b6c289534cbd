import { Hono } from "hono";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { getManagerRecord } from "../manager/manager-record.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** Manager routes mounted under /api/main (spec 7). */
export function managerApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  /** POST /api/main/getmanager: the user's manager (default for guests), the user's phone fields, and `idu`. */
  app.post("/getmanager", async (c) => {
    const user = await getCurrentUser(c);
    return c.json(await getManagerRecord(c.get("services").db, user));
  });
  return app;
}
