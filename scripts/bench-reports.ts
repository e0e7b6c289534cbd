/**
 * `npm run bench:reports` (issue 11): the PDF of a website-audit report of a 1,000-page audit —
 * generation time and peak RSS (target ≤ 3 s) — then 20 reports queued at once, which must all
 * finish without failures. Runs on an in-memory database with the job workers in this process.
 */
import { eq, inArray } from "drizzle-orm";
import { parseEnv } from "../server/env.server.ts";
import { reportFiles } from "../server/db/schema.server.ts";
import { closePdfBrowser } from "../server/pdf/print.server.ts";
import { buildDocument, renderFile } from "../server/reports/build.server.ts";
import { queueFile } from "../server/reports/files.server.ts";
import { createServices } from "../server/services.server.ts";
import { guestWithProject, seedAudit, seedSearchConsole } from "../tests/helpers/report-data.ts";

const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "memory://", LOG_LEVEL: "silent" });
const services = await createServices(env, { role: "web" });
const { projectId } = await guestWithProject(services);
const now = new Date();
await seedAudit(services.db, {
  projectId,
  pages: 1000,
  healthScore: 70,
  finishedAt: new Date(now.getTime() - 7 * 86_400_000),
  issueChecks: 25,
});
await seedAudit(services.db, { projectId, pages: 1000, healthScore: 76, finishedAt: now, issueChecks: 25, spread: 7 });
await seedSearchConsole(services.db, projectId, now, 90);

// Warm-up (Chromium start) is not part of a report's generation time.
await renderFile(await buildDocument({ db: services.db, projectId, type: "wa", periodDays: 30 }), "pdf");
const runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const doc = await buildDocument({ db: services.db, projectId, type: "wa", periodDays: 30 });
  const pdf = await renderFile(doc, "pdf");
  runs.push(performance.now() - t0);
  if (pdf.subarray(0, 5).toString() !== "%PDF-") throw new Error("not a PDF");
}
const best = Math.min(...runs);
console.log(
  `website-audit PDF of a 1,000-page audit: ${runs.map((r) => (r / 1000).toFixed(2)).join(" s, ")} s (best ${(best / 1000).toFixed(2)} s, target ≤ 3 s)`,
);
console.log(`peak RSS of this process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (Chromium prints in its own processes)`);

const types = ["wa", "fs", "bp", "co", "ps", "ch", "as"] as const;
const formats = ["pdf", "xlsx", "csv"] as const;
const t1 = performance.now();
const ids = await Promise.all(
  Array.from({ length: 20 }, (_, i) =>
    queueFile(services, {
      projectId,
      type: types[i % types.length]!,
      format: formats[i % formats.length]!,
      periodDays: 30,
      whiteLabelId: null,
    }),
  ),
);
for (;;) {
  const rows = await services.db
    .select({ st: reportFiles.st, error: reportFiles.error })
    .from(reportFiles)
    .where(inArray(reportFiles.id, ids));
  const done = rows.filter((r) => r.st === 1).length;
  const failed = rows.filter((r) => r.error).length;
  if (done + failed === ids.length || performance.now() - t1 > 300_000) {
    console.log(`20 reports queued at once: ${done} done, ${failed} failed in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    if (failed || done !== ids.length) process.exitCode = 1;
    break;
  }
  await new Promise((r) => setTimeout(r, 250));
}
const [one] = await services.db.select({ size: reportFiles.size }).from(reportFiles).where(eq(reportFiles.id, ids[0]!));
console.log(`first queued file: ${one?.size ?? 0} bytes; peak RSS now ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
await closePdfBrowser();
await services.close();
