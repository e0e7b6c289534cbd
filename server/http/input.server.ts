import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors.server.ts";

/**
 * Reads a request's input: query parameters merged with the body (JSON, urlencoded or multipart;
 * the spec's client posts forms). A body that does not parse is a 400 naming "body".
 */
export async function readInput(c: Context): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method === "GET" || c.req.method === "HEAD") return input;
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const text = await c.req.text();
      if (text.trim()) {
        const body: unknown = JSON.parse(text);
        if (body === null || typeof body !== "object" || Array.isArray(body)) throw new Error("not an object");
        Object.assign(input, body);
      }
    } else if (type.includes("form")) {
      const body = await c.req.parseBody({ all: true });
      for (const [k, v] of Object.entries(body)) input[k] = typeof v === "string" || Array.isArray(v) ? v : String(v);
    }
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON or form data.", "body");
  }
  return input;
}

/**
 * Validates input with a zod schema.
 * @throws AppError "validation" naming the first invalid field.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
  const field = path.map(String).join(".") || "body";
  throw new AppError("validation", `${field}: ${issue.message}`, field);
}
