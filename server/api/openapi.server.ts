/**
 * The OpenAPI 3.1 document of /api (issue 9 "keep them closed"), generated from the declared
 * routes (API_ROUTES) and their zod input schemas, so it cannot drift from what the server
 * validates. Path parameters become `in: path`; for GET and DELETE the other fields are query
 * parameters, for other methods a request body (JSON or a urlencoded form). better-auth's
 * /api/auth/* endpoints are listed from the endpoints better-auth routes ({@link authRoutes}),
 * with the zod schemas the server checks their bodies with.
 */
import { z } from "zod";
import type { ApiRoute } from "./route.server.ts";

/** A JSON Schema object as zod emits it. */
type JsonSchema = Record<string, unknown>;

/** The one error shape every 4xx/5xx answers with. */
const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "string" }, message: { type: "string" }, field: { type: "string" } },
    },
  },
};

/** `/audits/:id{[0-9]+}/pages` → `/audits/{id}/pages`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");
}

const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function inputSchema(schema: z.ZodType | undefined): JsonSchema {
  if (!schema) return { type: "object", properties: {} };
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
}

/** The operation object of one route. */
function operation(r: ApiRoute): JsonSchema {
  const schema = inputSchema(r.input);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inPath = pathParams(r.path);
  const parameters: JsonSchema[] = inPath.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name] ?? { type: "string" },
  }));
  const rest = Object.fromEntries(Object.entries(properties).filter(([k]) => !inPath.includes(k)));
  const restRequired = [...required].filter((k) => !inPath.includes(k));
  const op: JsonSchema = {
    operationId: `${r.method}${openApiPath(r.path)
      .replace(/[{}]/g, "")
      .replace(/\/(\w)/g, (_m, c: string) => c.toUpperCase())
      .replace(/\W/g, "_")}`,
    summary: r.summary,
    tags: [r.tag],
    "x-access":
      r.tag === "auth"
        ? "better-auth (session cookie where the endpoint needs one)"
        : r.access.kind === "resource"
          ? `${r.access.resource} (${r.access.action}, field ${r.access.field})`
          : r.access.kind,
  };
  if (r.method === "get" || r.method === "delete") {
    for (const [name, s] of Object.entries(rest)) parameters.push({ name, in: "query", required: required.has(name), schema: s });
  } else if (r.input) {
    const body: JsonSchema = { type: "object", properties: rest, ...(restRequired.length ? { required: restRequired } : {}) };
    op.requestBody = {
      required: restRequired.length > 0,
      content: { "application/json": { schema: body }, "application/x-www-form-urlencoded": { schema: body } },
    };
  }
  if (parameters.length) op.parameters = parameters;
  const error = { description: "The one error shape", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  op.responses = {
    [String(r.status ?? 200)]: { description: "Success", content: { [r.produces ?? "application/json"]: {} } },
    "400": error,
    "403": error,
    "404": error,
    "422": error,
    "429": error,
  };
  return op;
}

/** What {@link authRoutes} reads of one better-auth endpoint (a better-call endpoint function). */
interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean; openapi?: { description?: string } } };
}

/**
 * The /api/auth/* routes better-auth answers (issue 9 item 4): every endpoint of `api` that its
 * router serves (server-only ones left out), per method, with `inputs[path]` as the body schema.
 * Only for the document: the handler stays better-auth's (server/api/auth.server.ts).
 */
export function authRoutes(api: Record<string, unknown>, inputs: Record<string, z.ZodType>): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const endpoint of Object.values(api) as AuthEndpoint[]) {
    if (typeof endpoint?.path !== "string" || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const raw = endpoint.options?.method ?? "GET";
    const methods = (Array.isArray(raw) ? raw : raw === "*" ? ["GET", "POST"] : [raw]).map((m) => m.toLowerCase());
    for (const method of methods) {
      if (method !== "get" && method !== "post") continue;
      routes.push({
        method,
        path: `/auth${endpoint.path}`,
        tag: "auth",
        summary: endpoint.options?.metadata?.openapi?.description ?? `better-auth ${endpoint.path}`,
        ...(method === "post" && inputs[endpoint.path] ? { input: inputs[endpoint.path] } : {}),
        access: { kind: "public" },
        handle: () => undefined,
      } as ApiRoute);
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The OpenAPI 3.1 document of `routes`, served from `origin`. */
export function openApiDocument(routes: readonly ApiRoute[], origin: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) (paths[openApiPath(r.path)] ??= {})[r.method] = operation(r);
  return {
    openapi: "3.1.0",
    info: {
      title: "Rankforge API",
      version: "1.0.0",
      description: "Every /api route, generated from the schemas the server validates with.",
    },
    servers: [{ url: `${origin}/api` }],
    paths,
    components: { schemas: { Error: ERROR_SCHEMA } },
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain HTML reference page of the document (no scripts): one section per tag, one row per operation. */
export function openApiReferenceHtml(doc: JsonSchema): string {
  const rows: Record<string, string[]> = {};
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags as string[])[0] ?? "other";
      const body = (op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content["application/json"]?.schema;
      const fields = [
        ...((op.parameters as { name: string; in: string }[] | undefined) ?? []).map((p) => `${p.name} (${p.in})`),
        ...Object.keys((body?.properties as object | undefined) ?? {}),
      ];
      (rows[tag] ??= []).push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>/api${esc(path)}</code></td><td>${esc(String(op.summary))}</td><td>${esc(fields.join(", "))}</td><td>${esc(String(op["x-access"]))}</td></tr>`,
      );
    }
  }
  const sections = Object.entries(rows)
    .map(
      ([tag, r]) =>
        `<h2>${esc(tag)}</h2><table><tr><th>Method</th><th>Path</th><th>Summary</th><th>Input</th><th>Access</th></tr>${r.join("")}</table>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rankforge API reference</title><style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}</style></head><body><h1>Rankforge API reference</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Errors always answer <code>{ "error": { "code", "message", "field?" } }</code>.</p>${sections}</body></html>`;
}
