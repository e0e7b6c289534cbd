import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkKeyword, type CheckKeywordOptions } from "../../server/rank/check-keyword.server.ts";
import { PROVIDERS } from "../../server/rank/providers/index.server.ts";
import type { ProviderConfig, SerpProvider } from "../../server/rank/providers/types.ts";
import { createRateLimiter } from "../../server/rank/rate-limit.server.ts";
import { fillerResults, rankingAt, startSerpServer, type SerpScenario, type SerpServer } from "../helpers/serp-providers.ts";

const OURS = "https://www.ours.example/pricing/";
const COMPETITOR = "https://rival.example/page";

/** Scenarios by keyword (same in every engine). */
const SCENARIOS: Record<string, SerpScenario> = {
  "on page three": (() => {
    const s = rankingAt("on page three", OURS, 23);
    s.results.splice(6, 1, COMPETITOR);
    return s;
  })(),
  "top result": rankingAt("top result", OURS, 1, {
    features: { featured_snippet: [OURS], people_also_ask: ["https://faq.example/"], local_pack: ["https://maps.example/a"] },
    searchVolume: 880,
  }),
  "not ranked": rankingAt("not ranked", OURS, null),
  "mostly failing": rankingAt("mostly failing", OURS, null, { failPages: [1, 2] }),
  "one page failing": rankingAt("one page failing", OURS, null, { failPages: [2] }),
  throttled: rankingAt("throttled", OURS, 12, { rateLimitOnce: 2 }),
  "other page of ours": { results: ["https://ours.example/blog/", ...fillerResults("x", 8), OURS] },
};

let server: SerpServer;
beforeAll(async () => {
  server = await startSerpServer({ scenario: (_e, k) => SCENARIOS[k] ?? rankingAt(k, OURS, null) });
});
afterAll(() => server.close());

const config = (id: string): ProviderConfig =>
  id === "dataforseo" ? { baseUrl: server.origin, login: "login", password: "password" } : { baseUrl: server.origin, apiKey: "test-key" };

function run(provider: SerpProvider, keyword: string, extra: Partial<CheckKeywordOptions> = {}) {
  const waits: number[] = [];
  const result = checkKeyword({
    provider,
    config: config(provider.id),
    query: { keyword, engine: "google", country: "US", language: "en", location: "", locationCode: null, device: "desktop" },
    domain: "ours.example",
    targetUrl: null,
    competitors: ["rival.example"],
    depth: 30,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
  return { result, waits };
}

describe.each(Object.values(PROVIDERS))("spec 1 / issue 10.3 rank check through $name (local server)", (provider) => {
  it("pages 10 at a time, computes the absolute rank (page−1)×10+index+1 and stops at the first match", async () => {
    const before = server.calls.length;
    const r = await run(provider, "on page three").result;
    expect(r.position).toBe(23);
    expect(r.url).toBe(OURS);
    expect(r.error).toBeNull();
    expect(r.pages).toBe(3);
    expect(r.competitors).toEqual({ "rival.example": 7 });
    const pages = server.calls.slice(before).map((c) => c.page);
    expect(pages).toEqual([1, 2, 3]);
  });

  it("records SERP features and whether ours holds one, and stops after page 1 when ranked first", async () => {
    const r = await run(provider, "top result").result;
    expect(r.position).toBe(1);
    expect(r.pages).toBe(1);
    expect(r.features).toEqual(expect.arrayContaining(["featured_snippet", "people_also_ask", "local_pack"]));
    expect(r.ownFeatures).toEqual(["featured_snippet"]);
    if (provider.id === "dataforseo") expect(r.searchVolume).toBe(880);
  });

  it("not found within the depth is 'not ranked' (position null, no error)", async () => {
    const r = await run(provider, "not ranked").result;
    expect(r).toMatchObject({ position: null, error: null, pages: 3, pagesFailed: 0 });
  });

  it("more than half the pages failing is an error, not 'not ranked'", async () => {
    const r = await run(provider, "mostly failing", { maxRetries: 1 }).result;
    expect(r.position).toBeNull();
    expect(r.pagesFailed).toBe(2);
    expect(r.error).toMatch(/upstream/);
  });

  it("one failing page out of three stays 'not ranked'", async () => {
    const r = await run(provider, "one page failing", { maxRetries: 0 }).result;
    expect(r).toMatchObject({ position: null, error: null, pagesFailed: 1, pages: 3 });
  });

  it("a 429 is retried after its Retry-After", async () => {
    const { result, waits } = run(provider, "throttled");
    const r = await result;
    expect(r.position).toBe(12);
    // DataForSEO answers rate limits inside HTTP 200 (status 40202), without Retry-After: backoff.
    expect(waits).toEqual(provider.id === "dataforseo" ? [1000, 1000] : [2000, 2000]);
    expect(r.calls).toBe(4);
  });

  it("a wrong key is an error after one call", async () => {
    const r = await checkKeyword({
      ...{
        provider,
        query: {
          keyword: "top result",
          engine: "google",
          country: "US",
          language: "en",
          location: "",
          locationCode: null,
          device: "desktop",
        },
      },
      config: { baseUrl: server.origin, apiKey: "wrong", login: "x", password: "y" },
      domain: "ours.example",
      targetUrl: null,
      competitors: [],
      depth: 100,
      sleep: async () => undefined,
    });
    expect(r.error).toMatch(/^auth/);
    expect(r.calls).toBe(1);
  });
});

describe("issue 10.2 target URL", () => {
  it("with a target URL only that URL counts; without, any page of the domain", async () => {
    const provider = PROVIDERS.serpapi;
    expect((await run(provider, "other page of ours").result).position).toBe(1);
    const r = await run(provider, "other page of ours", { targetUrl: "http://ours.example/pricing" }).result;
    expect(r.position).toBe(10);
    expect(r.url).toBe(OURS);
  });
});

describe("issue 10.5 provider rate", () => {
  it("the token bucket spaces calls at the allowed rate", async () => {
    let t = 0;
    const waits: number[] = [];
    const limiter = createRateLimiter({ perMinute: 600, now: () => t, sleep: async (ms) => void (waits.push(ms), (t += ms)) });
    for (let i = 0; i < 5; i++) await limiter.take();
    expect(t).toBeCloseTo(400, 5);
    expect(waits.every((w) => w > 0)).toBe(true);
  });
});
