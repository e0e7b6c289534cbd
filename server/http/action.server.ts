/**
 * React Router actions validate like the API does (issue 8.4): form data through a zod schema kept
 * beside the service, and the one error type (AppError) mapped to an answer in one place.
 */
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { AppError, type ErrorBody } from "../errors.server.ts";
import { errorBody, requestLanguage } from "../i18n/error-texts.server.ts";
import { validate } from "./input.server.ts";
import { servicesContext } from "./router-context.server.ts";

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

/** What {@link actionError} and {@link errorMessage} need of an action's arguments: the request and the router context. */
export interface ActionScope {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The message of `err` in the route's language (its URL prefix; issue 15.1, decision 0023). */
export async function errorMessage(err: AppError, scope: ActionScope): Promise<string> {
  return (await errorBody(scope.context.get(servicesContext).db, err, requestLanguage(scope.request))).error.message;
}

/**
 * The one mapping of an action's error: an AppError becomes `{ error: { code, message, field? } }`
 * with its HTTP status and the message in the route's language (plus `extra`, e.g. the values to
 * show again); anything else is rethrown.
 */
export async function actionError<T extends object>(err: unknown, scope: ActionScope, extra?: T) {
  if (!(err instanceof AppError)) throw err;
  const body = await errorBody(scope.context.get(servicesContext).db, err, requestLanguage(scope.request));
  return data({ ...body, ...(extra as T) } as ErrorBody & T, { status: err.status });
}
