/**
 * SearchApi adapter (issue 10 point 3; research §3b): GET /api/v1/search?engine=google|bing|yandex
 * with `Authorization: Bearer`; `page` 1-based. Organic results in `organic_results[]`, errors as
 * `{ error }` with 401, 422/400 or 429.
 */
import { serpApiFeatures } from "./features.ts";
import { kindOfStatus, links, obj, retryAfterMs, type SerpProvider } from "./types.ts";

export const searchApi: SerpProvider = {
  id: "searchapi",
  name: "SearchApi",
  engines: ["google", "bing", "yandex"],
  devices: ["desktop", "mobile"],
  city: true,
  buildRequest(q, cfg) {
    const url = new URL("/api/v1/search", cfg.baseUrl);
    const p = url.searchParams;
    p.set("engine", q.engine);
    p.set("q", q.keyword);
    p.set("gl", q.country.toLowerCase());
    p.set("hl", q.language);
    p.set("device", q.device);
    p.set("page", String(q.page));
    if (q.location) p.set("location", q.location);
    return { method: "GET", url: url.toString(), headers: { accept: "application/json", authorization: `Bearer ${cfg.apiKey ?? ""}` } };
  },
  parseResponse({ status, headers, json }) {
    const body = obj(json);
    if (status !== 200) {
      const message = typeof body.error === "string" ? body.error : `HTTP ${status}`;
      return { error: kindOfStatus(status), httpStatus: status, message, retryAfterMs: retryAfterMs(headers) };
    }
    const urls = links(body.organic_results);
    return { urls, features: serpApiFeatures(body), hasNextPage: urls.length > 0 && Boolean(obj(body.pagination).next ?? true) };
  },
};
