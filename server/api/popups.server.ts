import { Hono } from "hono";
import { z } from "zod";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { AppError } from "../errors.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { dismissFirstPopup } from "../popups/dismiss.server.ts";
import type { ApiEnv } from "./types.server.ts";

const seenSchema = z.object({ code: z.coerce.number().int().min(0).max(1000) });

/** Routes under /api/popups (docs/popups.md). */
export function popupsApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  /** POST /api/popups/seen {code}: the signed-in user closed the popup of their first popup code. 401 for guests. */
  app.post("/seen", async (c) => {
    const { code } = validate(seenSchema, await readInput(c));
    const user = await getCurrentUser(c);
    if (!user) throw new AppError("unauthorized", "Sign in first.");
    return c.json({ result: (await dismissFirstPopup(c.get("services").db, user.id, code)) ? "ok" : "unchanged" });
  });
  return app;
}
