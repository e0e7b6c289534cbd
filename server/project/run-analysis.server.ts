import { eq } from "drizzle-orm";
import { analyzePage } from "../analyzer/analyze.server.ts";
import { pageAnalyses } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

/**
 * Job handler of the "analyze-page" queue: runs the analyzer on the analysis row's URL, records
 * progress (percent) as it goes and stores the report, or the error. Idempotent: a finished
 * analysis is left alone, so a retried or duplicated job does nothing.
 */
export async function runAnalysis(services: Services, analysisId: number): Promise<void> {
  const [row] = await services.db.select().from(pageAnalyses).where(eq(pageAnalyses.id, analysisId));
  if (!row || row.status === "done") return;
  const setProgress = async (progress: number) => {
    await services.db.update(pageAnalyses).set({ progress }).where(eq(pageAnalyses.id, analysisId));
  };
  await services.db.update(pageAnalyses).set({ status: "running", progress: 5, error: null }).where(eq(pageAnalyses.id, analysisId));
  try {
    const report = await analyzePage(row.url, { allowPrivate: services.env.ALLOW_PRIVATE_NETWORKS, onProgress: setProgress });
    await services.db
      .update(pageAnalyses)
      .set({ status: "done", progress: 100, result: report, finishedAt: new Date() })
      .where(eq(pageAnalyses.id, analysisId));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await services.db
      .update(pageAnalyses)
      .set({ status: "failed", error: message, finishedAt: new Date() })
      .where(eq(pageAnalyses.id, analysisId));
    services.log.warn({ analysisId, err: message }, "analysis failed");
  }
}
