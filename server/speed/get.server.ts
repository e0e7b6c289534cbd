/**
 * Reading speed tests (issue 12.1): one test with its queue position, and the owner's recent tests.
 * Every read goes through the one access rule.
 */
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { speedTests, type SpeedTestStatus } from "../db/schema.server.ts";
import type { FieldData, SpeedResult } from "./model.ts";
import { queuePosition } from "./start.server.ts";

/** A speed test as the screens and the API show it. Durations in ms, never negative. */
export interface SpeedTestView {
  id: number;
  url: string;
  projectId: number | null;
  runs: number;
  template: string | null;
  status: SpeedTestStatus;
  error: string | null;
  /** 1-based place in the queue while queued, else null. */
  queuePosition: number | null;
  mobile: SpeedResult | null;
  desktop: SpeedResult | null;
  field: FieldData | null;
  createdAt: string;
  /** Run time, from start to end (or to now while running); null before it starts. */
  durationMs: number | null;
}

function view(row: typeof speedTests.$inferSelect, position: number | null): SpeedTestView {
  const end = row.finishedAt ?? (row.startedAt ? new Date() : null);
  return {
    id: row.id,
    url: row.url,
    projectId: row.projectId,
    runs: row.runs,
    template: row.template,
    status: row.status,
    error: row.error,
    queuePosition: position,
    mobile: (row.mobile as SpeedResult | null) ?? null,
    desktop: (row.desktop as SpeedResult | null) ?? null,
    field: (row.field as FieldData | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    durationMs: row.startedAt && end ? Math.max(0, end.getTime() - row.startedAt.getTime()) : null,
  };
}

/**
 * One speed test.
 * @throws AppError "not_found" (field "test") when it does not exist or is not the owner's.
 */
export async function getSpeedTest(o: { db: Database; owner: Owner; testId: number }): Promise<SpeedTestView> {
  await authorize({ db: o.db, owner: o.owner, resource: "speedTest", id: o.testId, action: "read" });
  const [row] = await o.db.select().from(speedTests).where(eq(speedTests.id, o.testId));
  return view(row!, await queuePosition(o.db, o.testId));
}

/** A short line of a test for lists (no filmstrip or findings). */
export interface SpeedTestLine {
  id: number;
  url: string;
  status: SpeedTestStatus;
  mobile: number | null;
  desktop: number | null;
  createdAt: string;
}

/** The owner's most recent single tests (project tests when `projectId` is given, authorised), newest first. */
export async function listSpeedTests(o: {
  db: Database;
  owner: Owner;
  projectId?: number | null;
  limit?: number;
}): Promise<SpeedTestLine[]> {
  let where: SQL;
  if (o.projectId) {
    await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read" });
    where = eq(speedTests.projectId, o.projectId);
  } else {
    where = and(isNull(speedTests.projectId), ownedBy(o.owner, { userId: speedTests.userId, visitorId: speedTests.visitorId }))!;
  }
  const rows = await o.db
    .select()
    .from(speedTests)
    .where(where)
    .orderBy(desc(speedTests.id))
    .limit(o.limit ?? 20);
  return rows.map((r) => ({
    id: r.id,
    url: r.url,
    status: r.status,
    mobile: (r.mobile as SpeedResult | null)?.median.scores.performance ?? null,
    desktop: (r.desktop as SpeedResult | null)?.median.scores.performance ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
