import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pageAnalyses, visitors } from "../../server/db/schema.server.ts";
import { addSiteWow } from "../../server/project/add-site.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

const root = path.resolve(import.meta.dirname, "../..");

describe.runIf(!!process.env.TEST_DATABASE_URL)("issue Foundation part 4 — `npm run worker` runs jobs in a separate process", () => {
  let web: Services;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    web = await startTestServices("postgres", { IN_PROCESS_WORKER: "0" });
    site = await serveStatic(testSitePath());
  });
  afterAll(async () => {
    await site?.close();
    await web?.close();
  });

  it("a job queued by the web process is done by the worker, which stops cleanly on SIGTERM", async () => {
    const [visitor] = await web.db.insert(visitors).values({}).returning();
    const { analysisId } = await addSiteWow({ services: web, owner: { visitorId: visitor!.id, userId: null }, page: site.origin + "/" });
    const status = async () => (await web.db.select().from(pageAnalyses).where(eq(pageAnalyses.id, analysisId!)))[0]!.status;
    await new Promise((r) => setTimeout(r, 1500));
    expect(await status()).toBe("queued");

    const worker = spawn(process.execPath, [path.join(root, "server/worker.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: web.env.DATABASE_URL, ALLOW_PRIVATE_NETWORKS: "1", LOG_LEVEL: "silent", DATA_DIR: "memory://" },
      stdio: "ignore",
    });
    try {
      let s = await status();
      for (let i = 0; i < 120 && s !== "done" && s !== "failed"; i++) {
        await new Promise((r) => setTimeout(r, 250));
        s = await status();
      }
      expect(s).toBe("done");
    } finally {
      worker.kill("SIGTERM");
    }
    const code = await new Promise<number | null>((resolve) => worker.once("exit", resolve));
    expect(code).toBe(0);
  });
});
