import { Hono } from "hono";
import { z } from "zod";
import { checkDomainInput } from "../../app/lib/url-check.ts";
import { analyzeUrl } from "../analyzer/analyze-url.server.ts";
import { AppError } from "../errors.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** Routes under /api/analyzer (issue 3): POST /analyze { url, render? } → { report, render, rendered }. */
export function analyzerApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post("/analyze", async (c) => {
    const input = validate(
      z.object({ url: z.string().trim().min(1).max(2048), render: z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]).optional() }),
      await readInput(c),
    );
    const allowPrivate = c.get("services").env.ALLOW_PRIVATE_NETWORKS;
    const checked = checkDomainInput(input.url, { allowLoopback: allowPrivate });
    if (!checked.ok) throw new AppError("validation", checked.error, "url");
    const render = input.render === true || input.render === "1" || input.render === "true";
    c.header("cache-control", "no-store");
    return c.json(await analyzeUrl(checked.url, { render, allowPrivate }));
  });
  return app;
}
