import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AppModule from "../../server/app.ts";
import { moderateReview, parseReview, submitReview } from "../../server/reviews/reviews.server.ts";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { apiClient, signedInClient } from "../helpers/accounts.ts";

type App = Awaited<ReturnType<typeof AppModule.createApp>>;

const PAGE = "/client-testimonials";
const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
const cspNonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

/**
 * The built product in-process (its own copy of every server module, as in production) on an
 * in-memory database. Content changes made through this test's modules reach it the way another
 * process's would: PostgreSQL NOTIFY on the shared database.
 */
describe("issue 14 point 3: rendered pages cached for anonymous visitors (ETag, 304, exact invalidation, never for the signed-in)", () => {
  let built: App;
  beforeAll(async () => {
    ensureBuild();
    const bundle = pathToFileURL(path.resolve(import.meta.dirname, "../../build/server/index.js")).href;
    const { createApp } = (await import(bundle)) as typeof AppModule;
    built = await createApp({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent", TRUST_PROXY: "1" });
  }, 180_000);
  afterAll(() => built?.services.close());

  const get = (p: string, headers: Record<string, string> = {}) => built.app.request(p, { headers });

  it("a second anonymous visit is answered from the cache: same body and strong ETag, the CSP names the body's nonce", async () => {
    const first = await get(PAGE);
    const a = await first.text();
    const second = await get(PAGE);
    const b = await second.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(b).toBe(a);
    expect(nonceOf(b)).toBeDefined();
    expect(cspNonceOf(second)).toBe(nonceOf(b));
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("gzip answers carry their own strong ETag and the same page", async () => {
    const plain = await get(PAGE);
    const zipped = await get(PAGE, { "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("etag")).toBe(`${plain.headers.get("etag")!.slice(0, -1)}-gz"`);
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
  });

  it("If-None-Match with the current ETag gets 304 without a body or new security headers; a stale one gets the page", async () => {
    const etag = (await get(PAGE)).headers.get("etag")!;
    const again = await get(PAGE, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // A new CSP would replace the stored one and no longer match the stored body's nonce.
    expect(again.headers.get("content-security-policy")).toBeNull();
    const stale = await get(PAGE, { "if-none-match": '"not-this-one"' });
    expect(stale.status).toBe(200);
  });

  it("a content change (a review approved) invalidates the cached page at once: new ETag, the review shown", async () => {
    const before = await get(PAGE);
    const etag = before.headers.get("etag")!;
    expect(await before.text()).not.toContain("Olena Cached");
    const parsed = parseReview({
      name: "Olena Cached",
      email: "o@example.com",
      product: "rankforge",
      rating: "5",
      text: "Pages answer fast and the weekly report names every fix clearly.",
      consent: "on",
    });
    if (!parsed.ok) throw new Error("review input rejected");
    const id = await submitReview(built.services.db, parsed.review, { ip: "10.9.9.9", lang: "en" });
    await moderateReview(built.services.db, id, "approved");
    await new Promise((r) => setTimeout(r, 50)); // the NOTIFY is delivered asynchronously
    const after = await get(PAGE, { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("Olena Cached");
  });

  it("only public screens are shared: the development outbox (e-mails, no content version) is rendered each time", async () => {
    const one = await get("/dev/outbox");
    const two = await get("/dev/outbox");
    expect(one.status).toBe(200);
    expect(one.headers.get("etag")).toBeNull();
    expect(nonceOf(await one.text())).not.toBe(nonceOf(await two.text()));
  });

  it("a signed-in visitor never gets a cached page: rendered each time, private, no ETag, no 304", async () => {
    const etag = (await get(PAGE)).headers.get("etag")!;
    const { client } = await signedInClient(built.services, built.app as unknown as Hono, "cache-user@example.com");
    const one = await client.get(PAGE);
    const two = await client.get(PAGE);
    expect(one.status).toBe(200);
    expect(one.headers.get("etag")).toBeNull();
    expect(one.headers.get("cache-control")).toBe("private, no-store");
    expect(nonceOf(await one.text())).not.toBe(nonceOf(await two.text()));
    const conditional = await built.app.request(PAGE, { headers: { cookie: client.jar.header(), "if-none-match": etag } });
    expect(conditional.status).toBe(200);
    // And the anonymous entry still serves anonymous visitors.
    expect((await apiClient(built.app as unknown as Hono).get(PAGE)).headers.get("etag")).toBe(etag);
  });
});
