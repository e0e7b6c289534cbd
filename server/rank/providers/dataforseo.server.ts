/**
 * DataForSEO SERP API v3 adapter (issue 10 point 3; research §2), live mode: POST
 * /v3/serp/{engine}/organic/live/advanced with HTTP Basic and an array of one task; one page of 10
 * is asked with `depth` = page × 10 and the items of that page are taken by `rank_group`. Status is
 * in `status_code` at request and task level (HTTP 200 even for logical errors). Only
 * `type: "organic"` items count; featured snippets, local packs, PAA and the rest are features.
 * The queued flow (task_post / tasks_ready / task_get, DATAFORSEO_MODE=task) reuses the task body
 * and the page parsing here: ./dataforseo-tasks.server.ts.
 */
import {
  PAGE_SIZE,
  arr,
  kindOfStatus,
  obj,
  retryAfterMs,
  type FeatureHit,
  type PageResult,
  type ProviderError,
  type ProviderErrorKind,
  type SerpFeature,
  type SerpProvider,
  type SerpQuery,
  type ProviderConfig,
} from "./types.ts";

const ITEM_FEATURES: Record<string, SerpFeature> = {
  featured_snippet: "featured_snippet",
  local_pack: "local_pack",
  map: "local_pack",
  people_also_ask: "people_also_ask",
  video: "video",
  images: "images",
  top_stories: "top_stories",
  knowledge_graph: "knowledge_graph",
  shopping: "shopping",
  paid: "ads",
};

/** The kind of a DataForSEO status code (research §2 "Status codes"). */
export function dataForSeoKind(code: number): ProviderErrorKind {
  if (code === 40100) return "auth";
  if (code === 40200 || code === 40203) return "quota";
  if (code === 40202) return "rate_limit";
  if (code === 40601 || code === 40602) return "not_ready";
  if (code === 40101 || code >= 50000) return "upstream";
  return "bad_request";
}

/** The task body of a query (location by name when a city is set, else the country by ISO code). */
export function dataForSeoTask(q: SerpQuery, depth: number): Record<string, unknown> {
  return {
    keyword: q.keyword,
    ...(q.location ? { location_name: q.location } : { location_code_iso: q.country }),
    language_code: q.language,
    device: q.device,
    depth,
  };
}

/** Basic auth headers for a DataForSEO call. */
export function dataForSeoHeaders(cfg: ProviderConfig): Record<string, string> {
  const token = Buffer.from(`${cfg.login ?? ""}:${cfg.password ?? ""}`).toString("base64");
  return { "content-type": "application/json", authorization: `Basic ${token}` };
}

/** Page `page` (1-based) out of a task result's items, with the features on it. */
export function dataForSeoPage(result: Record<string, unknown>, page: number): PageResult {
  const items = arr(result.items).map(obj);
  const from = (page - 1) * PAGE_SIZE;
  const organic = items.filter((i) => i.type === "organic" && typeof i.rank_group === "number");
  const onPage = organic.filter((i) => (i.rank_group as number) > from && (i.rank_group as number) <= from + PAGE_SIZE);
  const features = new Map<SerpFeature, string[]>();
  for (const i of items) {
    const f = ITEM_FEATURES[String(i.type)] ?? (i.is_featured_snippet === true ? "featured_snippet" : undefined);
    if (!f) continue;
    const urls = [i.url, ...arr(i.items).map((x) => obj(x).url)].filter((u): u is string => typeof u === "string");
    features.set(f, [...(features.get(f) ?? []), ...urls]);
  }
  const volume = obj(result.keyword_info).search_volume;
  return {
    urls: onPage.sort((a, b) => (a.rank_group as number) - (b.rank_group as number)).map((i) => String(i.url ?? "")),
    features: [...features].map(([feature, urls]): FeatureHit => ({ feature, urls })),
    hasNextPage: organic.length >= from + PAGE_SIZE,
    searchVolume: typeof volume === "number" ? volume : null,
  };
}

/** The first task of a DataForSEO answer, or the error at request or task level. */
export function dataForSeoTaskOf(status: number, headers: Headers, json: unknown): Record<string, unknown> | ProviderError {
  const body = obj(json);
  if (status !== 200) {
    const message = typeof body.status_message === "string" ? body.status_message : `HTTP ${status}`;
    return { error: kindOfStatus(status), httpStatus: status, message, retryAfterMs: retryAfterMs(headers) };
  }
  const code = Number(body.status_code);
  if (code !== 20000)
    return { error: dataForSeoKind(code), httpStatus: status, providerCode: code, message: String(body.status_message ?? "") };
  const task = obj(arr(body.tasks)[0]);
  const taskCode = Number(task.status_code);
  if (taskCode !== 20000 && taskCode !== 20100)
    return { error: dataForSeoKind(taskCode), httpStatus: status, providerCode: taskCode, message: String(task.status_message ?? "") };
  return task;
}

export const dataForSeo: SerpProvider = {
  id: "dataforseo",
  name: "DataForSEO",
  engines: ["google", "bing", "yandex"],
  devices: ["desktop", "mobile"],
  city: true,
  buildRequest(q, cfg) {
    return {
      method: "POST",
      url: new URL(`/v3/serp/${q.engine}/organic/live/advanced`, cfg.baseUrl).toString(),
      headers: dataForSeoHeaders(cfg),
      body: JSON.stringify([dataForSeoTask(q, q.page * PAGE_SIZE)]),
    };
  },
  parseResponse({ status, headers, json }, q) {
    const task = dataForSeoTaskOf(status, headers, json);
    if ("error" in task) return task as ProviderError;
    return dataForSeoPage(obj(arr(task.result)[0]), q.page);
  },
};
