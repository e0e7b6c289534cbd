/**
 * Local SERP provider servers for tests, `npm run bench:ranks` and local runs (issue 10 "Tests"):
 * one loopback server that speaks the documented JSON of SerpApi (GET /search.json), SearchApi
 * (GET /api/v1/search), Serper (POST /search) and DataForSEO (POST /v3/serp/{se}/organic/live/advanced,
 * and the queued task_post / tasks_ready / task_get/advanced/{id}),
 * shapes from ../shared/research/serp-gsc-psi.md. Each keyword × engine has a scenario: its organic
 * URLs in order, SERP features, pages that fail, and a 429 with Retry-After on the first call of a
 * page. The server also enforces a per-minute rate (429 beyond it) and logs every call.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

/** SERP features the scenarios can show, with the URLs they link to. */
export type ScenarioFeature = "featured_snippet" | "local_pack" | "people_also_ask" | "video" | "images";

/** What a keyword's result pages hold. */
export interface SerpScenario {
  /** Organic result URLs in rank order (page p holds items (p−1)×10 … p×10−1). */
  results: string[];
  features?: Partial<Record<ScenarioFeature, string[]>>;
  /** 1-based pages that always fail with a provider error. */
  failPages?: number[];
  /** The first call of each page answers 429 with this Retry-After (seconds). */
  rateLimitOnce?: number;
  searchVolume?: number;
}

/** One call the server answered. */
export interface SerpCall {
  provider: "serpapi" | "searchapi" | "serper" | "dataforseo";
  engine: string;
  keyword: string;
  page: number;
  status: number;
  at: number;
}

/** Options of {@link startSerpServer}. */
export interface SerpServerOptions {
  /** The scenario of a keyword in an engine (default: not ranked, 100 other results). */
  scenario?: (engine: string, keyword: string) => SerpScenario;
  /** The key SerpApi, SearchApi and Serper accept, and DataForSEO's login and password. */
  apiKey?: string;
  login?: string;
  password?: string;
  /** Calls allowed per minute (sliding one-second window of perMinute/60); unset: no limit. */
  perMinute?: number;
  port?: number;
  /**
   * Lets another process set a keyword's scenario: PUT /local/scenario with JSON
   * `{ keyword, url, position }` (position null: not ranked). Set ones win over `scenario`.
   */
  controllable?: boolean;
  /** DataForSEO queued tasks: tasks_ready calls of the engine after a task_post before its tasks are listed (default 1). */
  taskReadyAfterPolls?: number;
}

/** A DataForSEO task posted to the local server. */
export interface PostedTask {
  id: string;
  engine: string;
  keyword: string;
  tag: string;
  depth: number;
  stopOn: string[];
  /** tasks_ready calls of its engine still to come before it is listed. */
  pollsLeft: number;
  collected: boolean;
}

/** A running server: its origin, the call log, and a closer. */
export interface SerpServer {
  origin: string;
  calls: SerpCall[];
  /** Calls refused by the rate limit. */
  rejected(): number;
  /** DataForSEO tasks posted, and the times (ms) of tasks_ready calls. */
  tasks: PostedTask[];
  tasksReadyCalls: number[];
  close(): Promise<void>;
}

/** Filler results: 100 URLs on other sites. */
export function fillerResults(keyword: string, n = 100): string[] {
  const slug = keyword.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return Array.from({ length: n }, (_, i) => `https://site${i + 1}.example/${slug}`);
}

/** A scenario where `url` ranks at absolute position `position` (1-based) among filler results. */
export function rankingAt(keyword: string, url: string, position: number | null, extra: Partial<SerpScenario> = {}): SerpScenario {
  const results = fillerResults(keyword);
  if (position !== null) results.splice(position - 1, 1, url);
  return { results, ...extra };
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const serpApiFeatures = (f: SerpScenario["features"] = {}) => ({
  ...(f.featured_snippet ? { answer_box: { type: "organic_result", link: f.featured_snippet[0] } } : {}),
  ...(f.local_pack
    ? { local_results: { places: f.local_pack.map((u, i) => ({ position: i + 1, title: `Place ${i + 1}`, links: { website: u } })) } }
    : {}),
  ...(f.people_also_ask ? { related_questions: f.people_also_ask.map((u) => ({ question: "Why?", link: u })) } : {}),
  ...(f.video ? { inline_videos: f.video.map((u) => ({ title: "Video", link: u })) } : {}),
  ...(f.images ? { inline_images: f.images.map((u) => ({ title: "Image", link: u })) } : {}),
});

const serperFeatures = (f: SerpScenario["features"] = {}) => ({
  ...(f.featured_snippet ? { answerBox: { title: "Answer", link: f.featured_snippet[0], snippet: "…" } } : {}),
  ...(f.local_pack ? { places: f.local_pack.map((u, i) => ({ position: i + 1, title: `Place ${i + 1}`, website: u })) } : {}),
  ...(f.people_also_ask ? { peopleAlsoAsk: f.people_also_ask.map((u) => ({ question: "Why?", link: u })) } : {}),
  ...(f.video ? { videos: f.video.map((u) => ({ title: "Video", link: u })) } : {}),
  ...(f.images ? { images: f.images.map((u) => ({ title: "Image", imageUrl: u, link: u })) } : {}),
});

const dfsFeatureItems = (f: SerpScenario["features"] = {}) => [
  ...(f.featured_snippet
    ? [
        {
          type: "featured_snippet",
          rank_group: 1,
          rank_absolute: 1,
          url: f.featured_snippet[0],
          domain: new URL(f.featured_snippet[0]!).hostname,
        },
      ]
    : []),
  ...(f.local_pack ?? []).map((u, i) => ({
    type: "local_pack",
    rank_group: i + 1,
    rank_absolute: 2 + i,
    url: u,
    domain: new URL(u).hostname,
  })),
  ...(f.people_also_ask
    ? [
        {
          type: "people_also_ask",
          rank_group: 1,
          rank_absolute: 5,
          items: f.people_also_ask.map((u) => ({ type: "people_also_ask_element", url: u })),
        },
      ]
    : []),
  ...(f.video ? [{ type: "video", rank_group: 1, rank_absolute: 6, items: f.video.map((u) => ({ url: u })) }] : []),
  ...(f.images ? [{ type: "images", rank_group: 1, rank_absolute: 7, items: f.images.map((u) => ({ url: u })) }] : []),
];

/** A DataForSEO result object: SERP features first, then the organic items up to `depth`. */
function dfsResult(s: SerpScenario, keyword: string, depth: number): Record<string, unknown> {
  const features = dfsFeatureItems(s.features);
  const organic = s.results.slice(0, depth).map((u, i) => ({
    type: "organic",
    rank_group: i + 1,
    rank_absolute: features.length + i + 1,
    position: "left",
    domain: new URL(u).hostname,
    url: u,
    title: `Result ${i + 1}`,
  }));
  return {
    keyword,
    type: "organic",
    items_count: features.length + organic.length,
    keyword_info: s.searchVolume ? { search_volume: s.searchVolume } : undefined,
    items: [...features, ...organic],
  };
}

/** Starts the server on loopback (`port` 0 = any). */
export async function startSerpServer(opts: SerpServerOptions = {}): Promise<SerpServer> {
  const apiKey = opts.apiKey ?? "test-key";
  const basic = `Basic ${Buffer.from(`${opts.login ?? "login"}:${opts.password ?? "password"}`).toString("base64")}`;
  const fallback = opts.scenario ?? ((_e: string, k: string) => rankingAt(k, "", null));
  const set = new Map<string, SerpScenario>();
  const scenario = (engine: string, keyword: string) => set.get(keyword) ?? fallback(engine, keyword);
  const calls: SerpCall[] = [];
  const tasks: PostedTask[] = [];
  const tasksReadyCalls: number[] = [];
  const seen = new Set<string>();
  const window: number[] = [];
  let rejected = 0;
  const perSecond = opts.perMinute ? Math.max(1, opts.perMinute / 60) : Infinity;

  /** Shared gates: rate limit, one-off 429, failing page. Returns the status to answer or 200. */
  const gate = (provider: SerpCall["provider"], engine: string, keyword: string, page: number): { status: number; retryAfter?: number } => {
    const now = Date.now();
    while (window.length && window[0]! <= now - 1000) window.shift();
    const log = (status: number) => calls.push({ provider, engine, keyword, page, status, at: now });
    if (window.length >= perSecond) {
      rejected++;
      log(429);
      return { status: 429, retryAfter: 1 };
    }
    window.push(now);
    const s = scenario(engine, keyword);
    const key = `${provider}|${engine}|${keyword}|${page}`;
    if (s.rateLimitOnce !== undefined && !seen.has(key)) {
      seen.add(key);
      log(429);
      return { status: 429, retryAfter: s.rateLimitOnce };
    }
    if (s.failPages?.includes(page)) {
      log(503);
      return { status: 503 };
    }
    log(200);
    return { status: 200 };
  };

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const p = url.searchParams;
    if (opts.controllable && req.method === "PUT" && url.pathname === "/local/scenario") {
      const body = JSON.parse(await readBody(req)) as { keyword: string; url: string; position: number | null };
      set.set(body.keyword, rankingAt(body.keyword, body.url, body.position));
      return send(res, 200, { ok: true });
    }
    // SerpApi
    if (req.method === "GET" && (url.pathname === "/search.json" || url.pathname === "/search")) {
      if (p.get("api_key") !== apiKey)
        return send(res, 401, { error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key" });
      const engine = p.get("engine") ?? "google";
      const keyword = (engine === "yandex" ? p.get("text") : p.get("q")) ?? "";
      if (!keyword) return send(res, 400, { error: "Missing query `q` parameter." });
      const offset =
        engine === "yandex"
          ? Number(p.get("p") ?? 0) * 10
          : engine === "bing"
            ? Number(p.get("first") ?? 1) - 1
            : Number(p.get("start") ?? 0);
      const page = Math.floor(offset / 10) + 1;
      const g = gate("serpapi", engine, keyword, page);
      if (g.status === 429)
        return send(
          res,
          429,
          { error: "Your searches for the past hour have exceeded your plan's throughput." },
          { "retry-after": String(g.retryAfter) },
        );
      if (g.status !== 200)
        return send(res, 503, {
          search_metadata: { status: "Error" },
          error: "We couldn't get valid results for this search. Please try again later.",
        });
      const s = scenario(engine, keyword);
      const slice = s.results.slice(offset, offset + 10);
      return send(res, 200, {
        search_metadata: { id: `s${calls.length}`, status: "Success" },
        search_parameters: { engine, q: keyword },
        organic_results: slice.map((link, i) => ({
          position: i + 1,
          title: `Result ${offset + i + 1}`,
          link,
          redirect_link: `https://www.google.com/url?url=${encodeURIComponent(link)}`,
        })),
        ...(page === 1 ? serpApiFeatures(s.features) : {}),
        serpapi_pagination: {
          current: page,
          ...(offset + 10 < s.results.length ? { next: `${url.origin}/search.json?start=${offset + 10}` } : {}),
        },
      });
    }
    // SearchApi
    if (req.method === "GET" && url.pathname === "/api/v1/search") {
      const key = req.headers.authorization === `Bearer ${apiKey}` || p.get("api_key") === apiKey;
      if (!key) return send(res, 401, { error: "Invalid API key." });
      const engine = p.get("engine") ?? "google";
      const keyword = p.get("q") ?? "";
      const page = Number(p.get("page") ?? 1);
      const g = gate("searchapi", engine, keyword, page);
      if (g.status === 429) return send(res, 429, { error: "Rate limit exceeded." }, { "retry-after": String(g.retryAfter) });
      if (g.status !== 200) return send(res, 500, { error: "Search failed." });
      const s = scenario(engine, keyword);
      const offset = (page - 1) * 10;
      return send(res, 200, {
        search_metadata: { id: `search_${calls.length}`, status: "Success" },
        organic_results: s.results
          .slice(offset, offset + 10)
          .map((link, i) => ({ position: offset + i + 1, title: `Result ${offset + i + 1}`, link, domain: new URL(link).hostname })),
        ...(page === 1 ? serpApiFeatures(s.features) : {}),
        pagination: { current: page, ...(offset + 10 < s.results.length ? { next: `${url.origin}/api/v1/search?page=${page + 1}` } : {}) },
      });
    }
    // Serper
    if (req.method === "POST" && url.pathname === "/search") {
      if (req.headers["x-api-key"] !== apiKey)
        return send(res, 403, { message: "Unauthorized. Sign up for a free account.", statusCode: 403 });
      const body = JSON.parse(await readBody(req)) as { q?: string; page?: number };
      const keyword = body.q ?? "";
      const page = body.page ?? 1;
      const g = gate("serper", "google", keyword, page);
      if (g.status === 429)
        return send(res, 429, { message: "Too many requests", statusCode: 429 }, { "retry-after": String(g.retryAfter) });
      if (g.status !== 200) return send(res, 500, { message: "Internal error", statusCode: 500 });
      const s = scenario("google", keyword);
      const offset = (page - 1) * 10;
      return send(res, 200, {
        searchParameters: { q: keyword, page, type: "search", engine: "google" },
        organic: s.results.slice(offset, offset + 10).map((link, i) => ({ title: `Result ${offset + i + 1}`, link, position: i + 1 })),
        ...(page === 1 ? serperFeatures(s.features) : {}),
        credits: 1,
      });
    }
    // DataForSEO queued tasks: task_post, tasks_ready, task_get/advanced/{id}
    const dfsTask = /^\/v3\/serp\/(google|bing|yandex)\/organic\/(task_post|tasks_ready|task_get\/advanced\/([^/]+))$/.exec(url.pathname);
    if (dfsTask) {
      if (req.headers.authorization !== basic)
        return send(res, 401, { status_code: 40100, status_message: "You are not authorized to access this resource." });
      const engine = dfsTask[1]!;
      const envelope = (tasks: unknown[]) => ({
        version: "0.1.20260601",
        status_code: 20000,
        status_message: "Ok.",
        tasks_count: tasks.length,
        tasks_error: tasks.filter((t) => ![20000, 20100].includes((t as { status_code: number }).status_code)).length,
        tasks,
      });
      if (req.method === "POST" && dfsTask[2] === "task_post") {
        const body = JSON.parse(await readBody(req)) as unknown;
        if (!Array.isArray(body)) return send(res, 200, { status_code: 40501, status_message: "Invalid Field: body must be an array." });
        if (gate("dataforseo", engine, "(task_post)", 0).status === 429)
          return send(res, 200, { status_code: 40202, status_message: "The rate-limit per minute has been exceeded." });
        const out = (body as Record<string, unknown>[]).map((t, i) => {
          const data = { api: "serp", function: "task_post", se: engine, se_type: "organic", ...t };
          if (i >= 100)
            return { id: null, status_code: 40006, status_message: "You can set no more than 100 tasks at a time.", data, result: null };
          if (typeof t.keyword !== "string" || !t.keyword)
            return { id: null, status_code: 40501, status_message: "Invalid Field: 'keyword'.", data, result: null };
          const task: PostedTask = {
            id: `${String(tasks.length + 1).padStart(8, "0")}-1535-0066-0000-6988734166f9`,
            engine,
            keyword: t.keyword,
            tag: typeof t.tag === "string" ? t.tag : "",
            depth: typeof t.depth === "number" ? t.depth : 10,
            stopOn: ((t.stop_crawl_on_match as { match_value?: string }[] | undefined) ?? []).map((m) => m.match_value ?? ""),
            pollsLeft: opts.taskReadyAfterPolls ?? 1,
            collected: false,
          };
          tasks.push(task);
          return { id: task.id, status_code: 20100, status_message: "Task Created.", result_count: 0, data, result: null };
        });
        return send(res, 200, envelope(out));
      }
      if (req.method === "GET" && dfsTask[2] === "tasks_ready") {
        tasksReadyCalls.push(Date.now());
        const ready = tasks.filter((t) => t.engine === engine && !t.collected && t.pollsLeft <= 0).slice(0, 1000);
        for (const t of tasks) if (t.engine === engine && t.pollsLeft > 0) t.pollsLeft--;
        return send(
          res,
          200,
          envelope([
            {
              id: "tasks-ready",
              status_code: 20000,
              status_message: "Ok.",
              result_count: ready.length,
              data: { api: "serp", function: "tasks_ready", se: engine, se_type: "organic" },
              result: ready.map((t) => ({
                id: t.id,
                se: "google",
                se_type: "organic",
                date_posted: new Date().toISOString().replace("T", " ").slice(0, 19) + " +00:00",
                tag: t.tag,
                endpoint_regular: `/v3/serp/${engine}/organic/task_get/regular/${t.id}`,
                endpoint_advanced: `/v3/serp/${engine}/organic/task_get/advanced/${t.id}`,
                endpoint_html: `/v3/serp/${engine}/organic/task_get/html/${t.id}`,
              })),
            },
          ]),
        );
      }
      if (req.method === "GET" && dfsTask[3]) {
        const task = tasks.find((t) => t.id === dfsTask[3] && t.engine === engine);
        const data = { api: "serp", function: "task_get", se: engine, se_type: "organic" };
        if (!task)
          return send(res, 200, envelope([{ id: dfsTask[3], status_code: 40401, status_message: "Task Not Found.", data, result: null }]));
        const g = gate("dataforseo", engine, task.keyword, 0);
        if (g.status === 429) return send(res, 200, { status_code: 40202, status_message: "The rate-limit per minute has been exceeded." });
        if (task.pollsLeft > 0)
          return send(res, 200, envelope([{ id: task.id, status_code: 40602, status_message: "Task In Queue.", data, result: null }]));
        const s = scenario(engine, task.keyword);
        if (s.failPages?.includes(1))
          return send(
            res,
            200,
            envelope([{ id: task.id, status_code: 40101, status_message: "Internal SE Server Error.", data, result: null }]),
          );
        task.collected = true;
        // Crawling stops at the end of the page where a stop_crawl_on_match domain appears.
        const hit = s.results.findIndex((u) => task.stopOn.some((d) => new URL(u).hostname === d || new URL(u).hostname.endsWith(`.${d}`)));
        const depth = hit >= 0 && hit < task.depth ? Math.ceil((hit + 1) / 10) * 10 : task.depth;
        const result = dfsResult(s, task.keyword, depth);
        return send(
          res,
          200,
          envelope([
            { id: task.id, status_code: 20000, status_message: "Ok.", result_count: 1, data: { ...data, tag: task.tag }, result: [result] },
          ]),
        );
      }
    }
    // DataForSEO live
    const dfs = /^\/v3\/serp\/(google|bing|yandex)\/organic\/live\/advanced$/.exec(url.pathname);
    if (req.method === "POST" && dfs) {
      if (req.headers.authorization !== basic)
        return send(res, 401, { status_code: 40100, status_message: "You are not authorized to access this resource." });
      const tasks = JSON.parse(await readBody(req)) as { keyword: string; depth?: number }[];
      if (!Array.isArray(tasks)) return send(res, 200, { status_code: 40501, status_message: "Invalid Field: body must be an array." });
      const task = tasks[0]!;
      const engine = dfs[1]!;
      const depth = task.depth ?? 10;
      const page = Math.ceil(depth / 10);
      const g = gate("dataforseo", engine, task.keyword, page);
      if (g.status === 429)
        return send(res, 200, {
          status_code: 20000,
          status_message: "Ok.",
          tasks: [{ id: "t", status_code: 40202, status_message: "The rate-limit per minute has been exceeded.", result: null }],
        });
      if (g.status !== 200)
        return send(res, 200, {
          status_code: 20000,
          status_message: "Ok.",
          tasks: [{ id: "t", status_code: 40101, status_message: "Internal SE Server Error.", result: null }],
        });
      const s = scenario(engine, task.keyword);
      return send(res, 200, {
        version: "0.1.20260601",
        status_code: 20000,
        status_message: "Ok.",
        tasks_count: 1,
        tasks_error: 0,
        tasks: [
          {
            id: `06301000-0000-0000-0000-${String(calls.length).padStart(12, "0")}`,
            status_code: 20000,
            status_message: "Ok.",
            data: { api: "serp", function: "live", se: engine, keyword: task.keyword, depth },
            result: [dfsResult(s, task.keyword, depth)],
          },
        ],
      });
    }
    send(res, 404, { error: "Not found" });
  };

  const server = createServer((req, res) => {
    handler(req, res).catch((err: unknown) => send(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    origin: `http://127.0.0.1:${address.port}`,
    calls,
    rejected: () => rejected,
    tasks,
    tasksReadyCalls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A stable scenario for any keyword: `domain` ranks at 1–60 by a hash of the keyword (a fifth: not ranked), with a featured snippet on some. */
export function localScenario(domain: string, keyword: string): SerpScenario {
  let h = 0;
  for (const ch of keyword) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const position = h % 5 === 0 ? null : (h % 60) + 1;
  const url = `https://${domain}/${keyword.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return rankingAt(keyword, url, position, {
    features:
      h % 3 === 0
        ? { featured_snippet: [position === 1 ? url : "https://site1.example/"], people_also_ask: ["https://site2.example/"] }
        : {},
    searchVolume: (h % 50) * 10 + 10,
  });
}
