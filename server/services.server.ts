import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, type Database, type DatabaseHandle } from "./db/client.server.ts";
import { syncBlogPosts } from "./blog/sync-posts.server.ts";
import { contentSitemapSource } from "./content/sitemap-source.server.ts";
import { registerSitemapSource } from "./seo/sitemap-sources.server.ts";
import { registerOnboardingStep } from "./project/onboarding.server.ts";
import { rankOnboardingStep } from "./rank/onboarding.server.ts";
import { seed } from "./db/seed.server.ts";
import type { Env } from "./env.server.ts";
import { createJobQueue, type PgBoss } from "./jobs/queue.server.ts";
import { registerWorkers, ensureQueues } from "./jobs/registry.server.ts";
import { createLogger, type Logger } from "./log.server.ts";
import { listenContentChanges } from "./content/version.server.ts";

/** Everything a request handler, loader or job needs; created once per process. */
export interface Services {
  env: Env;
  log: Logger;
  database: DatabaseHandle;
  db: Database;
  jobs: PgBoss;
  /** Key for signed cookies (SESSION_SECRET, else a random key kept under DATA_DIR). */
  cookieSecret: string;
  close(): Promise<void>;
}

function cookieSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Opens the database, applies migrations, seeds reference data, starts the job queue and, unless
 * `workers` is false, its workers. `role` "web" respects IN_PROCESS_WORKER; "worker" always works.
 */
export async function createServices(env: Env, opts: { role: "web" | "worker" | "cli" } = { role: "web" }): Promise<Services> {
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  await seed(database.db);
  const blog = await syncBlogPosts(database.db);
  for (const p of blog.problems) log.warn({ file: p.file }, `content skipped: ${p.message}`);
  registerSitemapSource(contentSitemapSource);
  // A CLI run serves no page: it only tells the others (contentChanged), it needs no listener.
  const stopListening = opts.role === "cli" ? async () => undefined : await listenContentChanges(database);
  registerOnboardingStep(rankOnboardingStep);
  const jobs = createJobQueue(database, log);
  await jobs.start();
  await ensureQueues(jobs);
  const services: Services = {
    env,
    log,
    database,
    db: database.db,
    jobs,
    // SESSION_SECRET wins even in memory: web processes sharing one database must share it (issue 9 scale-out).
    cookieSecret: env.SESSION_SECRET || (env.DATA_DIR === "memory://" ? randomBytes(32).toString("hex") : cookieSecret(env)),
    async close() {
      await jobs.stop({ graceful: true, timeout: 10_000 });
      await stopListening();
      await database.close();
    },
  };
  const runWorkers = opts.role === "worker" || (opts.role === "web" && env.IN_PROCESS_WORKER);
  if (runWorkers) await registerWorkers(services);
  log.info({ db: database.kind, workers: runWorkers, role: opts.role }, "services ready");
  return services;
}
