import { Hono } from "hono";
import { z } from "zod";
import { PRODUCT_ENTRIES, getProduct, type ProductEntry } from "../accounts/get-product.server.ts";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** Form posts carry the list as a JSON string. */
function parseJsonString(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

const entry = z
  .object({ controller: z.string().max(32), key: z.string().max(32) })
  .transform((e) => `${e.controller.toLowerCase()}_${e.key.toLowerCase()}`)
  .refine((name): name is ProductEntry => (PRODUCT_ENTRIES as readonly string[]).includes(name), "unknown controller and key");

/** Spec 7 POST /api/main/get{product}: `list` of controller-and-key entries. */
const productSchema = z.object({ list: z.preprocess(parseJsonString, z.array(entry).min(1).max(PRODUCT_ENTRIES.length)) });

/**
 * POST /api/main/get{product} (spec 7), mounted under /api/main after the fixed /get and
 * /getmanager routes: `{product}` is any lower-case word, e.g. /api/main/getrankforge.
 */
export function productApi(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post("/:fn{get[a-z]+}", async (c) => {
    const { list } = validate(productSchema, await readInput(c));
    return c.json(await getProduct(c.get("services"), await getCurrentUser(c), list as ProductEntry[]));
  });
  return app;
}
