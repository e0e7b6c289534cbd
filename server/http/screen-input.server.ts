/**
 * Input screening at the edge (issue 9 finding 6): before any route, API handler, React Router
 * action or better-auth sees a request, text that no field may hold is refused with a 4xx naming
 * the field: a NUL character (PostgreSQL text cannot store it) or a string longer than
 * {@link MAX_TEXT_CHARS}; bodies over {@link MAX_BODY_BYTES} of any type are refused (413).
 */
import type { MiddlewareHandler } from "hono";
import type { TextRef } from "../../common/i18n/message.ts";
import type { Database } from "../db/client.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { errorBody, requestLanguage } from "../i18n/error-texts.server.ts";

/** Largest request body of any content type, in bytes. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Longest string any single input field may hold, in characters (schemas set tighter limits). */
export const MAX_TEXT_CHARS = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The first field of `value` (a parsed body or query) holding text no field may hold, as
 * `{ field, text }` (`field` is the dotted path, e.g. "datall.ids.0"; `text` the error text), or null.
 */
export function findBadText(value: unknown, path = ""): { field: string; text: TextRef } | null {
  const name = path || "body";
  if (typeof value === "string") {
    if (value.includes("\u0000")) return { field: name, text: errorText(58020, { field: name }) };
    if (value.length > MAX_TEXT_CHARS) return { field: name, text: errorText(58021, { field: name, max: MAX_TEXT_CHARS }) };
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [k, v] of entries) {
    const field = path ? `${path}.${k}` : k;
    if (k.includes("\u0000") || k.length > 200) return { field: field.slice(0, 200), text: errorText(58022) };
    const bad = findBadText(v, field);
    if (bad) return bad;
  }
  return null;
}

/** The fields of a form or search-params body; a repeated name keeps its last value (enough to screen it). */
function entriesOf(params: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of params) out[k] = typeof v === "string" ? v : "";
  return out;
}

/**
 * Reads the whole request body, or answers "too_large" as soon as it passes
 * {@link MAX_BODY_BYTES} (the rest is not read). The caller puts the bytes back on the request.
 */
async function readLimited(req: Request): Promise<Uint8Array | "too_large"> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return "too_large";
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return "too_large";
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Parses a body for screening only; a body that does not parse is left to the route (it answers 400). */
async function parsedBody(type: string, bytes: Uint8Array): Promise<unknown> {
  const text = () => new TextDecoder().decode(bytes);
  try {
    if (type.includes("application/json")) return JSON.parse(text()) as unknown;
    if (type.includes("application/x-www-form-urlencoded")) return entriesOf(new URLSearchParams(text()));
    if (type.includes("multipart/form-data"))
      return entriesOf(await new Response(Buffer.from(bytes), { headers: { "content-type": type } }).formData());
    if (type.startsWith("text/")) return { body: text() };
  } catch {
    return null;
  }
  return null;
}

/**
 * Hono middleware: path, query and body screening as described in the module comment. Answers
 * `{ error: { code, message, field } }` with the message in the request's language (texts from
 * `db`): 413 "too_large" for a body over the limit, 400 "bad_request" for NUL or oversized text.
 */
export function screenInput(db: Database): MiddlewareHandler {
  const refuse = async (req: Request, err: AppError) =>
    new Response(JSON.stringify(await errorBody(db, err, requestLanguage(req))), {
      status: err.status,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  return async (c, next) => {
    const url = new URL(c.req.url);
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return refuse(c.req.raw, new AppError("bad_request", errorText(58023), "path"));
    }
    if (path.includes("\u0000")) return refuse(c.req.raw, new AppError("bad_request", errorText(58020, { field: "path" }), "path"));
    const query = findBadText(entriesOf(url.searchParams));
    if (query) return refuse(c.req.raw, new AppError("bad_request", query.text, query.field));
    if (SAFE_METHODS.has(c.req.method)) return next();
    const bytes = await readLimited(c.req.raw);
    if (bytes === "too_large") return refuse(c.req.raw, new AppError("too_large", errorText(58024, { max: MAX_BODY_BYTES }), "body"));
    c.req.raw = new Request(c.req.raw, { body: Buffer.from(bytes) });
    const bad = findBadText(await parsedBody(c.req.header("content-type") ?? "", bytes));
    if (bad) return refuse(c.req.raw, new AppError("bad_request", bad.text, bad.field));
    await next();
  };
}
