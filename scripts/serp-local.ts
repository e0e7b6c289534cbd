/**
 * A local SERP provider server for running the product without a provider account (issue 10
 * "Tests and benchmark"): speaks SerpApi, SearchApi, Serper and DataForSEO (tests/helpers/serp-providers.ts).
 * SERP_LOCAL_DOMAIN's pages rank at a position derived from the keyword (1–60, a fifth not ranked).
 *
 *   PORT=4510 SERP_LOCAL_DOMAIN=example.com node scripts/serp-local.ts
 *   RANK_PROVIDER=serpapi SERPAPI_KEY=test-key SERPAPI_URL=http://127.0.0.1:4510 npm start
 *   RANK_PROVIDER=dataforseo DATAFORSEO_LOGIN=login DATAFORSEO_PASSWORD=password DATAFORSEO_MODE=task \
 *     DATAFORSEO_URL=http://127.0.0.1:4510 npm start      (queued tasks: task_post / tasks_ready / task_get)
 */
import { localScenario, startSerpServer } from "../tests/helpers/serp-providers.ts";

const domain = process.env.SERP_LOCAL_DOMAIN ?? "example.com";
const server = await startSerpServer({
  port: Number(process.env.PORT ?? 4510),
  perMinute: process.env.SERP_LOCAL_PER_MINUTE ? Number(process.env.SERP_LOCAL_PER_MINUTE) : undefined,
  scenario: (_engine, keyword) => localScenario(domain, keyword),
});
console.log(`local SERP providers on ${server.origin} (key "test-key", DataForSEO login/password), ranking ${domain}`);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
