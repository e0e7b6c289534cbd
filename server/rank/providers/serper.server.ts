/**
 * Serper adapter (issue 10 point 3; research §3a): POST /search with `X-API-KEY`, JSON body
 * `{ q, gl, hl, location, page }` (page 1-based); Google only, no device parameter. Organic
 * results in `organic[]`; gateway errors as `{ message, statusCode }` (403 for a bad key).
 */
import { kindOfStatus, links, obj, retryAfterMs, type FeatureHit, type SerpFeature, type SerpProvider } from "./types.ts";

const KEYS: [string, SerpFeature][] = [
  ["answerBox", "featured_snippet"],
  ["places", "local_pack"],
  ["peopleAlsoAsk", "people_also_ask"],
  ["videos", "video"],
  ["images", "images"],
  ["topStories", "top_stories"],
  ["knowledgeGraph", "knowledge_graph"],
  ["shopping", "shopping"],
  ["ads", "ads"],
];

function features(body: Record<string, unknown>): FeatureHit[] {
  return KEYS.filter(([k]) => body[k] !== undefined && !(Array.isArray(body[k]) && (body[k] as unknown[]).length === 0)).map(
    ([k, feature]) => {
      const v = body[k];
      const urls = Array.isArray(v)
        ? [...links(v), ...links(v, "website")]
        : [obj(v).link, obj(v).website].filter((u): u is string => typeof u === "string");
      return { feature, urls };
    },
  );
}

export const serper: SerpProvider = {
  id: "serper",
  name: "Serper",
  engines: ["google"],
  devices: ["desktop"],
  city: true,
  buildRequest(q, cfg) {
    const body: Record<string, unknown> = { q: q.keyword, gl: q.country.toLowerCase(), hl: q.language, page: q.page };
    if (q.location) body.location = q.location;
    return {
      method: "POST",
      url: new URL("/search", cfg.baseUrl).toString(),
      headers: { "content-type": "application/json", "x-api-key": cfg.apiKey ?? "" },
      body: JSON.stringify(body),
    };
  },
  parseResponse({ status, headers, json }) {
    const body = obj(json);
    if (status !== 200) {
      const message = typeof body.message === "string" ? body.message : `HTTP ${status}`;
      return { error: kindOfStatus(status), httpStatus: status, message, retryAfterMs: retryAfterMs(headers) };
    }
    const urls = links(body.organic);
    return { urls, features: features(body), hasNextPage: urls.length > 0 };
  },
};
