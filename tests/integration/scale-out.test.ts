import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audits, auditUrls, users } from "../../server/db/schema.server.ts";
import { shareLimits } from "../../server/crawler/worker.server.ts";
import type { Services } from "../../server/services.server.ts";
import { CookieJar } from "../helpers/cookie-jar.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveSite, walkSite } from "../helpers/site-model.ts";
import { testSitePath } from "../helpers/static-site.ts";
import { startWorkerProcess } from "../helpers/worker-process.ts";

const root = path.resolve(import.meta.dirname, "../..");
/** The address users reach both web processes at (behind one load balancer). */
const ORIGIN = "http://rankforge.test";
const SESSION_SECRET = "scale-out-shared-session-secret";

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const exited = (p: ChildProcess) =>
  new Promise((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve(null) : p.once("exit", resolve)));

describe("issue 9 scale-out: a crawl's politeness limits are split between the workers sharing it", () => {
  it("each of N workers keeps 1/N of the concurrency and N× the gap between requests", () => {
    expect(shareLimits({ concurrency: 8, intervalMs: 100 }, 1)).toEqual({ concurrency: 8, intervalMs: 100 });
    expect(shareLimits({ concurrency: 8, intervalMs: 100 }, 4)).toEqual({ concurrency: 2, intervalMs: 400 });
    expect(shareLimits({ concurrency: 1, intervalMs: 0 }, 2)).toEqual({ concurrency: 1, intervalMs: 0 });
  });
});

describe.each(process.env.TEST_DATABASE_URL ? ["postgres"] : [])(
  "issue 9 scale-out on the CI PostgreSQL server (%s; runs when TEST_DATABASE_URL is set): 2 web processes + 2 `npm run worker` processes",
  () => {
    let services: Services;
    let site: Awaited<ReturnType<typeof serveSite>>;
    const children: ChildProcess[] = [];
    const webs: { origin: string; process: ChildProcess }[] = [];
    const workers: ChildProcess[] = [];
    let stderr = "";
    const ready: Promise<void>[] = [];

    const env = (extra: Record<string, string>) => ({
      ...process.env,
      DATABASE_URL: services.env.DATABASE_URL,
      DATA_DIR: "memory://",
      LOG_LEVEL: "silent",
      ALLOW_PRIVATE_NETWORKS: "1",
      SESSION_SECRET,
      PUBLIC_ORIGIN: ORIGIN,
      CRAWL_WORKERS_PER_AUDIT: "4",
      CRAWL_LEASE_MS: "2000",
      ...extra,
    });

    beforeAll(async () => {
      services = await startTestServices("postgres", { IN_PROCESS_WORKER: "0" });
      site = await serveSite(testSitePath());
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const p = spawn(process.execPath, [path.join(root, "tests/helpers/web-process.ts")], {
          cwd: root,
          env: env({ PORT: String(port), HOST: "127.0.0.1", IN_PROCESS_WORKER: "0" }),
          stdio: ["ignore", "ignore", "pipe"],
        });
        p.stderr!.on("data", (d: Buffer) => (stderr += d.toString()).length > 20_000 && (stderr = stderr.slice(-10_000)));
        children.push(p);
        webs.push({ origin: `http://127.0.0.1:${port}`, process: p });
      }
      for (let i = 0; i < 2; i++) {
        const w = startWorkerProcess(env({}));
        children.push(w.process);
        workers.push(w.process);
        ready.push(w.ready);
      }
      await Promise.all(ready);
      // Four processes importing the whole server at once: slow on a loaded 2-core machine, so a long hook.
      for (const web of webs) {
        for (let i = 0; ; i++) {
          const ok = await fetch(`${web.origin}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) break;
          if (i > 2_000) throw new Error(`web process ${web.origin} did not start: ${stderr.slice(-2000)}`);
          await sleep(100);
        }
      }
    }, 240_000);
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
      await Promise.all(children.map(exited));
      await site?.close();
      await services?.close();
    }, 60_000);

    /** A browser's call to one web process: our Origin, the shared cookie jar. */
    const jar = new CookieJar();
    const call = async (web: { origin: string }, method: string, p: string, body?: unknown) =>
      jar.take(
        await fetch(`${web.origin}${p}`, {
          method,
          headers: { "content-type": "application/json", origin: ORIGIN, cookie: jar.header() },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );

    it("a session made on one web process works on the other; one crawl is shared by both workers and survives kill -9 of a web process and of a worker", async () => {
      const [a, b] = webs as [(typeof webs)[0], (typeof webs)[0]];
      const email = "scale-out@example.com";
      expect((await call(a, "POST", "/api/auth/sign-up/email", { email, password: "secret12", name: "Scale" })).status).toBe(200);
      await services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      expect((await call(a, "POST", "/api/auth/sign-in/email", { email, password: "secret12" })).status).toBe(200);
      const session = (await (await call(b, "GET", "/api/auth/get-session")).json()) as { user?: { email: string } } | null;
      expect(session?.user?.email).toBe(email);

      const start = await call(a, "POST", "/api/audits/start", {
        url: `${site.origin}/`,
        settings: { maxPages: 5000, concurrency: 8, maxRps: 40 },
      });
      expect(start.status).toBe(201);
      const { auditId } = (await start.json()) as { auditId: number };
      const recorded = async () =>
        Number(
          (
            (await services.db.execute(sql`SELECT count(*) AS n FROM audit_pages WHERE audit_id = ${auditId}`)) as unknown as {
              rows: { n: string }[];
            }
          ).rows[0]!.n,
        );
      /** Worker processes (pid part of host:pid:random) that claimed URLs of the crawl. */
      const claimers = async () =>
        (
          await services.db
            .selectDistinct({ pid: sql<string>`split_part(${auditUrls.claimedBy}, ':', 2)` })
            .from(auditUrls)
            .where(eq(auditUrls.auditId, auditId))
        )
          .map((r) => r.pid)
          .filter((p) => !!p);

      for (let i = 0; i < 400 && (await recorded()) < 20; i++) await sleep(50);
      a.process.kill("SIGKILL");
      await exited(a.process);
      const progress = await call(b, "GET", `/api/audits/${auditId}/status`);
      expect(progress.status).toBe(200);
      const [row] = await services.db.select({ status: audits.status, error: audits.error }).from(audits).where(eq(audits.id, auditId));
      expect(((await progress.json()) as { status: string }).status, row?.error ?? "").toBe("running");

      for (let i = 0; i < 400 && (await claimers()).length < 2; i++) await sleep(50);
      expect((await claimers()).sort()).toEqual(workers.map((w) => String(w.pid)).sort());
      const victim = workers[1]!;
      victim.kill("SIGKILL");
      await exited(victim);

      let status: { status: string; pagesDone: number } = { status: "", pagesDone: 0 };
      for (let i = 0; i < 600 && !["done", "failed"].includes(status.status); i++) {
        await sleep(100);
        status = (await (await call(b, "GET", `/api/audits/${auditId}/status`)).json()) as typeof status;
      }
      expect(status.status).toBe("done");
      const expected = walkSite(testSitePath(), site.origin, (p) => p.startsWith("/404/"));
      expect(status.pagesDone).toBe(expected.depth.size);
      const pages = await services.db.select({ url: auditUrls.url }).from(auditUrls).where(eq(auditUrls.auditId, auditId));
      expect(new Set(pages.map((p) => p.url).filter((u) => expected.depth.has(u)))).toEqual(new Set(expected.depth.keys()));

      // Each crawl job ran once: none retried, every job of the surviving worker completed.
      const jobs = (await services.db.execute(
        sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'audit' AND (data->>'auditId')::int = ${auditId}`,
      )) as unknown as { rows: { state: string; retry_count: number }[] };
      expect(jobs.rows).toHaveLength(4);
      expect(jobs.rows.every((j) => Number(j.retry_count) === 0)).toBe(true);
      expect(jobs.rows.filter((j) => j.state === "completed").length).toBeGreaterThanOrEqual(2);
    }, 90_000);
  },
);
