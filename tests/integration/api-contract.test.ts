import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Hono } from "hono";
import { API_ROUTES } from "../../server/api/index.server.ts";
import { AUTH_INPUT } from "../../server/api/auth.server.ts";
import { authRoutes, openApiPath } from "../../server/api/openapi.server.ts";
import { getAuth } from "../../server/auth/auth.server.ts";
import type { Services } from "../../server/services.server.ts";
import { apiApp, signedInClient, type ApiClient } from "../helpers/accounts.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

type Schema = { type?: string | string[]; enum?: unknown[]; const?: unknown; anyOf?: Schema[]; properties?: Record<string, Schema> };
type Operation = {
  parameters?: { name: string; in: "path" | "query"; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, Schema>; required?: string[] } }> };
};

/** Well-formed values for fields whose rule JSON Schema cannot say (refinements), by name. */
const KNOWN: Record<string, unknown> = { lang: "en", email: "fuzz@example.com", url: "http://127.0.0.1:1/", page: "http://127.0.0.1:1/" };

/** A value the field's schema accepts, so a fuzzed neighbour gets past validation to the service and the database. */
function plausible(name: string, s: Schema | undefined): unknown {
  if (name in KNOWN) return KNOWN[name];
  if (!s) return "test";
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return plausible(name, s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(k, v)]));
  return "test";
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

// PostgreSQL (TEST_DATABASE_URL, as in CI) refuses NUL bytes where PGlite quietly cuts them: the fuzz runs on both.
describe.each(databaseKinds)("issue 9 keep them closed: the OpenAPI 3.1 document and a fuzz over it on %s", (kind) => {
  let services: Services;
  let app: Hono;
  let client: ApiClient;
  let doc: Doc;
  beforeAll(async () => {
    services = await startTestServices(kind);
    app = apiApp(services);
    ({ client } = await signedInClient(services, app, "fuzz-owner@example.com"));
    const res = await app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
  }, 180_000);
  afterAll(async () => services?.close());

  it("lists every registered /api route with its method, and nothing that is not registered", () => {
    expect(doc.openapi).toBe("3.1.0");
    const routes = [...API_ROUTES, ...authRoutes(getAuth(services).api, AUTH_INPUT)];
    const registered = new Set(routes.map((r) => `${r.method} ${openApiPath(r.path)}`));
    for (const key of registered) {
      const [method, path] = key.split(" ") as [string, string];
      expect(doc.paths[path]?.[method], `${key} missing from /api/openapi.json`).toBeDefined();
    }
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual([...registered].sort());
  });

  it("issue 9 item 4: lists better-auth's /api/auth endpoints, with the body schemas the server checks", () => {
    for (const key of [
      "post /auth/sign-up/email",
      "post /auth/sign-in/email",
      "post /auth/sign-out",
      "get /auth/get-session",
      "post /auth/request-password-reset",
      "post /auth/reset-password",
      "get /auth/verify-email",
      "post /auth/update-user",
      "post /auth/google-one-tap",
    ]) {
      const [method, path] = key.split(" ") as [string, string];
      expect(doc.paths[path]?.[method], `${key} missing from /api/openapi.json`).toMatchObject({ tags: ["auth"] });
    }
    const signIn = doc.paths["/auth/sign-in/email"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(signIn.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(Object.keys(signIn.properties ?? {})).toEqual(expect.arrayContaining(["email", "password", "rememberMe"]));
  });

  it("has a reference page naming every path", async () => {
    const res = await app.request("/api/reference");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`/api${path.replace(/&/g, "&#38;")}`);
  });

  /** Values no field expects: wrong types, nulls, NUL bytes, huge text, odd unicode. */
  const badValue = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constant("a\u0000b"),
    fc.constant("x".repeat(70_000)),
    fc.constant("\u202e\ud83d\ude00\ufeff"),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  );
  const pathValue = fc.oneof(
    fc.constant("1"),
    fc.constant("0"),
    fc.constant("99999999999999999999"),
    fc.string({ maxLength: 12 }),
    fc.constant("a\u0000"),
  );

  it("0 answers of 5xx for malformed bodies, types, sizes, NUL bytes, unicode and missing fields on every route", async () => {
    const failures: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      // better-auth's endpoints are rate-limited and delay repeated sign-ins of one account (up to
      // 60 s): a fuzz would wait them out. Their bodies are checked by AUTH_INPUT, proven by
      // tests/integration/security-input.test.ts.
      if (path.startsWith("/auth/")) continue;
      for (const [method, op] of Object.entries(ops)) {
        const schemas: Record<string, Schema | undefined> = {
          ...Object.fromEntries((op.parameters ?? []).filter((p) => p.in === "query").map((p) => [p.name, p.schema])),
          ...(op.requestBody?.content["application/json"]?.schema.properties ?? {}),
        };
        const fields = Object.keys(schemas);
        const base = Object.fromEntries(fields.map((f) => [f, plausible(f, schemas[f])]));
        const pathNames = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
        const body = fc.oneof(
          fc.constant({}),
          fc.anything({ maxDepth: 2 }),
          fields.length ? fc.dictionary(fc.constantFrom(...fields), badValue, { maxKeys: fields.length }) : fc.constant({}),
          fields.length ? fc.record(Object.fromEntries(fields.map((f) => [f, badValue]))) : fc.constant({}),
          // One bad field among well-formed ones: the case that reaches the database.
          fields.length ? fc.tuple(fc.constantFrom(...fields), badValue).map(([f, v]) => ({ ...base, [f]: v })) : fc.constant({}),
        );
        await fc.assert(
          fc.asyncProperty(
            body,
            fc.array(pathValue, { minLength: pathNames.length, maxLength: pathNames.length }),
            fc.boolean(),
            async (input, params, form) => {
              let url = "/api" + pathNames.reduce((p, name, i) => p.replace(`{${name}}`, encodeURIComponent(params[i]!)), path);
              const init: RequestInit = {
                method: method.toUpperCase(),
                headers: { cookie: client.jar.header(), "x-forwarded-for": "192.0.2.99" },
              };
              if (method === "get" || method === "delete") {
                const q = new URLSearchParams();
                if (input && typeof input === "object")
                  for (const [k, v] of Object.entries(input)) q.set(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
                url += `?${q}`;
              } else if (form && input && typeof input === "object") {
                const q = new URLSearchParams();
                for (const [k, v] of Object.entries(input)) q.set(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
                init.body = q.toString();
                (init.headers as Record<string, string>)["content-type"] = "application/x-www-form-urlencoded";
              } else {
                init.body = JSON.stringify(input) ?? "null";
                (init.headers as Record<string, string>)["content-type"] = "application/json";
              }
              const res = await app.request(url, init);
              if (res.status >= 500)
                failures.push(
                  `${method.toUpperCase()} ${url.slice(0, 120)} ${String(init.body ?? "").slice(0, 200)} → ${res.status} ${(await res.text()).slice(0, 200)}`,
                );
              else await res.body?.cancel();
              return true;
            },
          ),
          { numRuns: 25, seed: 9 },
        );
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
