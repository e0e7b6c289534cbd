/**
 * One way to declare an /api route (issues 8.1 and 9): method, path, summary, the zod schema of
 * its input, and how it is reached. `mountRoutes` validates the input (path parameters, query and
 * body merged; a bad field is a 4xx naming it), resolves the owner once, checks the one access rule
 * for routes on an owned resource, then calls the handler. The same declarations feed the OpenAPI
 * document (server/api/openapi.server.ts) and the access matrix test, so no route can skip either.
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { requestOwner } from "../access/owner.server.ts";
import { authorize, type Action } from "../access/rule.server.ts";
import type { ResourceKind } from "../access/resources.server.ts";
import { readInput, validate } from "../http/input.server.ts";
import type { Services } from "../services.server.ts";
import type { ApiEnv } from "./types.server.ts";

/** HTTP methods an API route may answer. */
export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * How a route is reached:
 * - `public`: no owned data is read or changed (texts, page analysis of a given URL, phone checks);
 * - `self`: the caller's own session, account or chat (no id in the input names whose);
 * - `resource`: an owned resource named by the input field `field`, checked with the access rule
 *   (`optional`: only when the field is given, e.g. an audit of a project or of a typed address).
 */
export type RouteAccess =
  { kind: "public" } | { kind: "self" } | { kind: "resource"; resource: ResourceKind; field: string; action: Action; optional?: boolean };

/** Access to the owned `resource` named by the input field `field` (the one access rule, server/access). */
export function owned(resource: ResourceKind, field: string, action: Action, opts: { optional?: boolean } = {}): RouteAccess {
  return { kind: "resource", resource, field, action, ...opts };
}

/** What a handler receives: the Hono context, the validated input, the services and the owner. */
export interface RouteContext<T> {
  c: Context<ApiEnv>;
  input: T;
  services: Services;
  /** The requester; `{ ensure: true }` gives a cookieless guest a visitor id first. */
  owner(opts?: { ensure?: boolean }): Promise<Owner>;
}

/** One /api route. Paths are relative to /api and use Hono's `:param` syntax. */
export interface ApiRoute<S extends z.ZodType = z.ZodType> {
  method: Method;
  path: string;
  /** One line for the API reference. */
  summary: string;
  /** Reference section, usually the feature (e.g. "audits"). */
  tag: string;
  /** Input schema (a zod object) over path parameters, query and body merged. */
  input?: S;
  access: RouteAccess;
  /**
   * "any" only for server-to-server calls that prove themselves otherwise (a payment provider's
   * signed webhook): every other state-changing route answers only same-origin browser requests.
   */
  origin?: "any";
  /** Status of a successful JSON answer (200 unless given). */
  status?: number;
  /** Content type of an answer that is not JSON (files, server-sent events). */
  produces?: string;
  /** Returns a Response, or a value answered as JSON with `status`. */
  handle(ctx: RouteContext<z.output<S>>): unknown;
}

/** Declares a route (keeps the handler's input type tied to the schema). */
export function route<S extends z.ZodType>(r: ApiRoute<S>): ApiRoute {
  return r as unknown as ApiRoute;
}

/** Registers routes on a Hono app mounted at /api. */
export function mountRoutes(app: Hono<ApiEnv>, routes: readonly ApiRoute[]): void {
  for (const r of routes) {
    app.on(r.method.toUpperCase(), r.path, async (c) => {
      const services = c.get("services");
      const raw = r.input ? { ...(await readInput(c)), ...c.req.param() } : {};
      const input = r.input ? validate(r.input, raw) : {};
      const owner = (opts?: { ensure?: boolean }) => requestOwner(c, services, opts);
      if (r.access.kind === "resource") {
        const id = (input as Record<string, unknown>)[r.access.field];
        if (!(r.access.optional && id === undefined))
          await authorize({
            db: services.db,
            owner: await owner(),
            resource: r.access.resource,
            id: Number(id),
            action: r.access.action,
            field: r.access.field,
          });
      }
      const out = await r.handle({ c, input, services, owner });
      return out instanceof Response ? out : c.json(out as object, (r.status ?? 200) as 200);
    });
  }
}
