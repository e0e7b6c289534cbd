/**
 * The speed test job (issue 12.1): Lighthouse N times on mobile and desktop (measure.server.ts),
 * the median run of each stored with the spread, field data from PageSpeed Insights when a key is
 * configured. A page that cannot be loaded ends the test as failed with Lighthouse's error.
 */
import { and, eq } from "drizzle-orm";
import { speedTests } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";
import { measure } from "./measure.server.ts";
import type { FieldData, FormFactor, SpeedResult } from "./model.ts";
import { fetchFieldData } from "./psi.server.ts";
import { finishSiteRun } from "./site-speed.server.ts";
import { failureReason, resultOf } from "./summarize.ts";

/** Options of {@link runSpeedTest}. */
export interface RunSpeedTestOptions {
  services: Services;
  testId: number;
  /** Keep Lighthouse's JSON of every run in this folder (tests). */
  keepDir?: string;
}

/** Field data for the test's URL, or null without a key; an API failure is kept as `error`. */
async function fieldData(services: Services, url: string): Promise<FieldData | null> {
  const key = services.env.PSI_API_KEY;
  if (!key) return null;
  try {
    return await fetchFieldData({ url, key, endpoint: services.env.PSI_ENDPOINT });
  } catch (err) {
    return { url: null, origin: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Runs a queued test (idempotent: a test that is no longer queued is left alone).
 * @returns the final status.
 */
export async function runSpeedTest(o: RunSpeedTestOptions): Promise<"done" | "failed" | "skipped"> {
  const { services, testId } = o;
  const [test] = await services.db
    .update(speedTests)
    .set({ status: "running", startedAt: new Date() })
    .where(and(eq(speedTests.id, testId), eq(speedTests.status, "queued")))
    .returning();
  if (!test) return "skipped";
  const finish = async (values: Partial<typeof speedTests.$inferInsert>) => {
    await services.db
      .update(speedTests)
      .set({ ...values, finishedAt: new Date() })
      .where(eq(speedTests.id, testId));
    // The last test of a site speed run ends the run (budget check and alert, issue 12.2).
    if (test.siteRunId !== null) {
      const runId = test.siteRunId;
      await finishSiteRun(services, runId).catch((err: unknown) => services.log.warn({ err, runId }, "site speed run did not finish"));
    }
  };
  try {
    const [measured, field] = await Promise.all([
      measure({ url: test.url, runs: test.runs, allowPrivate: services.env.ALLOW_PRIVATE_NETWORKS, keepDir: o.keepDir }),
      fieldData(services, test.url),
    ]);
    const results: Partial<Record<FormFactor, SpeedResult | null>> = {};
    for (const f of ["mobile", "desktop"] as const) results[f] = resultOf(measured.lhrs[f]);
    if (!results.mobile && !results.desktop) {
      const reason = failureReason(measured.lhrs.mobile[0], test.url);
      // Only the page's own host: Chromium's background services (update checks…) are refused too.
      const host = new URL(test.url).hostname;
      const own = measured.blocked.filter((b) => b.host === host);
      const blocked = own.length ? ` (${own.map((b) => b.reason).join("; ")})` : "";
      await finish({
        status: "failed",
        error: `${reason}${blocked}`,
        field,
      });
      return "failed";
    }
    await finish({ status: "done", mobile: results.mobile ?? null, desktop: results.desktop ?? null, field });
    return "done";
  } catch (err) {
    services.log.warn({ err, testId }, "speed test failed");
    await finish({ status: "failed", error: err instanceof Error ? err.message : String(err) });
    return "failed";
  }
}
