import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../errors.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import { flagSvg } from "../phone/flags.server.ts";
import { isValidPhone } from "../phone/validate.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** Spec 7 GET phone validation: `number` (digits; spaces and plus signs are stripped), up to 250 characters. */
const validateSchema = z.object({ number: z.string().max(250).default("") });

/** Routes under /api/phone: the validity check (spec 5, 7) and the phone input's flags. */
export function phoneApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.get("/validate", async (c) => {
    const { number } = validate(validateSchema, await readInput(c));
    return c.json({ valid: isValidPhone(number) });
  });
  app.get("/flag/:file{[A-Za-z]{2}\\.svg}", (c) => {
    const svg = flagSvg(c.req.param("file").slice(0, 2).toUpperCase());
    if (!svg) throw new AppError("not_found", "No flag for this country.");
    return c.body(svg, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" });
  });
  return app;
}
