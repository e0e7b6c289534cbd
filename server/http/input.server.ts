import type { Context } from "hono";
import type { z } from "zod";
import type { TextRef } from "../../common/i18n/message.ts";
import { AppError, errorText } from "../errors.server.ts";

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
    throw new AppError("bad_request", errorText(58025), "body");
  }
  return input;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** Whether a custom issue's `params` name a text: `.refine(fn, { params: { text: 58030 } })`, values optional. */
function paramsText(params: unknown): { text: number; values?: Record<string, string | number> } | null {
  const p = params as { text?: unknown; values?: Record<string, string | number> } | undefined;
  return p && typeof p.text === "number" ? { text: p.text, ...(p.values ? { values: p.values } : {}) } : null;
}

/**
 * The message of a zod issue as an error text naming `field` (issue 15.1): a few generic texts by
 * issue kind ("{field}: is required", "… at most {max} characters", "… must be a number", "… must be
 * one of …"); a refinement names its own text through `params` (see {@link paramsText}).
 */
export function issueText(issue: z.core.$ZodIssue, field: string, input: unknown): TextRef {
  const n = (v: number | bigint) => Number(v);
  switch (issue.code) {
    case "invalid_type":
      if (valueAt(input, issue.path) === undefined) return errorText(58000, { field });
      if (issue.expected === "number" || issue.expected === "int" || issue.expected === "bigint") return errorText(58007, { field });
      if (issue.expected === "string") return errorText(58009, { field });
      if (issue.expected === "boolean") return errorText(58010, { field });
      if (issue.expected === "array") return errorText(58011, { field });
      return errorText(58012, { field });
    case "too_big":
      if (issue.origin === "string") return errorText(58001, { field, max: n(issue.maximum) });
      if (issue.origin === "array" || issue.origin === "set") return errorText(58005, { field, max: n(issue.maximum) });
      return errorText(58003, { field, max: n(issue.maximum) });
    case "too_small":
      if (issue.origin === "string")
        return n(issue.minimum) <= 1 ? errorText(58000, { field }) : errorText(58002, { field, min: n(issue.minimum) });
      if (issue.origin === "array" || issue.origin === "set") return errorText(58006, { field, min: n(issue.minimum) });
      return errorText(58004, { field, min: n(issue.minimum) });
    case "invalid_value":
      return errorText(58013, { field, values: issue.values.map(String).join(", ") });
    case "invalid_format":
      if (issue.format === "email") return errorText(58014, { field });
      if (issue.format === "url") return errorText(58015, { field });
      return errorText(58016, { field });
    case "not_multiple_of":
      return errorText(58019, { field, divisor: n(issue.divisor) });
    case "unrecognized_keys":
      return errorText(58017, { field });
    case "custom": {
      const own = paramsText(issue.params);
      return own ? errorText(own.text, { ...own.values, field }) : errorText(58018, { field });
    }
    default:
      return errorText(58018, { field });
  }
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
  throw new AppError("validation", issueText(issue, field, input), field);
}
