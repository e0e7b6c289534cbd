/**
 * SerpApi adapter (issue 10 point 3; ../shared/research/serp-gsc-psi.md §1): GET /search with
 * `api_key`; Google pages by `start` (offset), Bing by `first` (1-based offset), Yandex by `p`
 * (0-based page). Organic results in `organic_results[]`, errors as `{ error }`.
 */
import { serpApiFeatures } from "./features.ts";
import { PAGE_SIZE, kindOfStatus, links, obj, retryAfterMs, type SerpProvider } from "./types.ts";

export const serpApi: SerpProvider = {
  id: "serpapi",
  name: "SerpApi",
  engines: ["google", "bing", "yandex"],
  devices: ["desktop", "mobile"],
  city: true,
  buildRequest(q, cfg) {
    const url = new URL("/search.json", cfg.baseUrl);
    const p = url.searchParams;
    p.set("engine", q.engine);
    p.set("api_key", cfg.apiKey ?? "");
    const offset = (q.page - 1) * PAGE_SIZE;
    if (q.engine === "yandex") {
      p.set("text", q.keyword);
      p.set("lang", q.language);
      p.set("p", String(q.page - 1));
    } else {
      p.set("q", q.keyword);
      p.set("device", q.device);
      if (q.location) p.set("location", q.location);
      if (q.engine === "google") {
        p.set("gl", q.country.toLowerCase());
        p.set("hl", q.language);
        p.set("start", String(offset));
      } else {
        p.set("cc", q.country.toLowerCase());
        p.set("first", String(offset + 1));
      }
    }
    return { method: "GET", url: url.toString(), headers: { accept: "application/json" } };
  },
  parseResponse({ status, headers, json }) {
    const body = obj(json);
    const message = typeof body.error === "string" ? body.error : `HTTP ${status}`;
    if (status !== 200) {
      const kind = status === 429 && /run out of searches/i.test(message) ? "quota" : kindOfStatus(status);
      return { error: kind, httpStatus: status, message, retryAfterMs: retryAfterMs(headers) };
    }
    if (obj(body.search_metadata).status === "Error") return { error: "upstream", httpStatus: status, message };
    return {
      urls: links(body.organic_results),
      features: serpApiFeatures(body),
      hasNextPage: Boolean(obj(body.serpapi_pagination).next),
    };
  },
};
