import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.server.ts";
import { parseReview, submitReview } from "../../server/reviews/reviews.server.ts";

const REPO = path.resolve(import.meta.dirname, "../..");
const NODE = path.join(REPO, "node_modules/.bin/node");

function reviews(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      ["server/cli/reviews.ts", ...args],
      { cwd: REPO, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("issue 4 moderation CLI — npm run reviews -- list | approve <id> | reject <id>", () => {
  let dataDir: string;
  let id: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rf-reviews-"));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const r = parseReview({
      name: "Dmytro",
      email: "d@example.com",
      product: "fullseo",
      rating: "4",
      text: "Clear monthly reports and the traffic grew steadily.",
      consent: "on",
    });
    if (!r.ok) throw new Error("fixture invalid");
    id = await submitReview(database.db, r.review, { ip: "192.0.2.1", lang: "ua" });
    await database.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Each run starts Node and opens the embedded database: allow for a loaded machine.
  it("lists pending reviews, approves one, and refuses unknown ids and bad usage", { timeout: 180_000 }, async () => {
    const list = await reviews(["list", "--status", "pending"], dataDir);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${id} [pending] ★★★★☆ fullseo · Dmytro <d@example.com>`);
    const ok = await reviews(["approve", String(id)], dataDir);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain(`Review #${id} approved`);
    const approved = JSON.parse((await reviews(["list", "--status", "approved", "--json"], dataDir)).stdout) as {
      id: number;
      status: string;
    }[];
    expect(approved.map((r) => [r.id, r.status])).toEqual([[id, "approved"]]);
    expect((await reviews(["reject", "999999"], dataDir)).code).toBe(1);
    expect((await reviews(["approve"], dataDir)).code).toBe(2);
    expect((await reviews(["list", "--status", "maybe"], dataDir)).code).toBe(2);
  });
});
