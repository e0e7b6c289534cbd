import { z } from "zod";
import { PRODUCT_ENTRIES, getProduct, type ProductEntry } from "../accounts/get-product.server.ts";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

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
  .refine((name): name is ProductEntry => (PRODUCT_ENTRIES as readonly string[]).includes(name), {
    message: "unknown controller and key",
    params: { text: 58034 },
  });

/** Spec 7 POST /api/main/get{product}: `list` of controller-and-key entries. */
const productSchema = z.object({ list: z.preprocess(parseJsonString, z.array(entry).min(1).max(PRODUCT_ENTRIES.length)) });

/**
 * POST /api/main/get{product} (spec 7), registered after the fixed /main/get and /main/getmanager
 * routes: `{product}` is any lower-case word, e.g. /api/main/getrankforge.
 */
export const productRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/main/:fn{get[a-z]+}",
    tag: "main",
    summary: "Spec 7 get{product}: user_auth, main_getmanager, user_info and main_defaultmanager as listed",
    input: productSchema.extend({ fn: z.string().regex(/^get[a-z]+$/) }),
    access: { kind: "self" },
    handle: async ({ c, input, services }) => getProduct(services, await getCurrentUser(c), input.list as ProductEntry[]),
  }),
];
