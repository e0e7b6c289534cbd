/**
 * The SERP provider registry (issue 10 points 3 and 8): one adapter per provider, and the one
 * configured by RANK_PROVIDER with its key. Adding a provider is one adapter file plus one entry.
 */
import type { Env } from "../../env.server.ts";
import { dataForSeo } from "./dataforseo.server.ts";
import { searchApi } from "./searchapi.server.ts";
import { serpApi } from "./serpapi.server.ts";
import { serper } from "./serper.server.ts";
import type { ProviderConfig, SerpProvider } from "./types.ts";

/** Every adapter by id. */
export const PROVIDERS: Record<Exclude<Env["RANK_PROVIDER"], "">, SerpProvider> = {
  serpapi: serpApi,
  dataforseo: dataForSeo,
  serper,
  searchapi: searchApi,
};

/** The provider of live checks and its configuration. */
export interface LiveProvider {
  provider: SerpProvider;
  config: ProviderConfig;
}

/** The settings that enable live checks with each provider (shown on screens without a key, issue 10 point 8). */
export const LIVE_CHECK_SETTINGS: Record<keyof typeof PROVIDERS, string> = {
  serpapi: "RANK_PROVIDER=serpapi and SERPAPI_KEY",
  dataforseo: "RANK_PROVIDER=dataforseo with DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD",
  serper: "RANK_PROVIDER=serper and SERPER_KEY",
  searchapi: "RANK_PROVIDER=searchapi and SEARCHAPI_KEY",
};

/** The configured provider with its credentials, or null when none is configured (no key: Search Console data only). */
export function liveProvider(env: Env): LiveProvider | null {
  switch (env.RANK_PROVIDER) {
    case "serpapi":
      return env.SERPAPI_KEY ? { provider: serpApi, config: { baseUrl: env.SERPAPI_URL, apiKey: env.SERPAPI_KEY } } : null;
    case "dataforseo":
      return env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD
        ? { provider: dataForSeo, config: { baseUrl: env.DATAFORSEO_URL, login: env.DATAFORSEO_LOGIN, password: env.DATAFORSEO_PASSWORD } }
        : null;
    case "serper":
      return env.SERPER_KEY ? { provider: serper, config: { baseUrl: env.SERPER_URL, apiKey: env.SERPER_KEY } } : null;
    case "searchapi":
      return env.SEARCHAPI_KEY ? { provider: searchApi, config: { baseUrl: env.SEARCHAPI_URL, apiKey: env.SEARCHAPI_KEY } } : null;
    default:
      return null;
  }
}
