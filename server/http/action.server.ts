/**
 * React Router actions validate like the API does (issue 8.4): form data through a zod schema kept
 * beside the service, and the one error type (AppError) mapped to an answer in one place.
 */
import { data } from "react-router";
import type { z } from "zod";
import { AppError, type ErrorBody } from "../errors.server.ts";
import { validate } from "./input.server.ts";

/** The text fields of a form post (files are ignored); a repeated field becomes an array. */
export async function readForm(request: Request): Promise<Record<string, string | string[]>> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of await request.formData()) {
    if (typeof v !== "string") continue;
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/**
 * Validates a form post with `schema`.
 * @throws AppError "validation" naming the first invalid field.
 */
export async function formInput<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return validate(schema, await readForm(request));
}

/**
 * The one mapping of an action's error: an AppError becomes `{ error: { code, message, field? } }`
 * with its HTTP status (plus `extra`, e.g. the values to show again); anything else is rethrown.
 */
export function actionError<T extends object>(err: unknown, extra?: T) {
  if (!(err instanceof AppError)) throw err;
  return data({ ...err.toBody(), ...(extra as T) } as ErrorBody & T, { status: err.status });
}
