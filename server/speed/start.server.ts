/**
 * Starting a page speed test (issue 12.1): the URL is checked like every user URL (spec 5 check,
 * then the SSRF guard's DNS vetting), a row is stored and a pg-boss job queued.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { speedTests } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import { SsrfError, vetHost } from "../net/ssrf.server.ts";
import { filterUrl } from "../project/filter-url.server.ts";
import type { Services } from "../services.server.ts";

/** Speed tests one owner may have queued or running at once (sample runs of site speed aside). */
export const MAX_ACTIVE_SPEED_TESTS = 5;

/** Input of {@link startSpeedTest}. */
export interface StartSpeedTestOptions {
  services: Services;
  /** The requester; a guest must have a visitor id (the test is theirs). */
  owner: Owner;
  url: string;
  /** Test a page of this project (the test then belongs to the project). */
  projectId?: number | undefined;
  /** Lighthouse runs per form factor, default SPEED_RUNS (3). */
  runs?: number | undefined;
  /** Path template of a site-speed sample. */
  template?: string | undefined;
  /** The site speed run the sample belongs to. */
  siteRunId?: number | undefined;
}

/**
 * Validates the URL, stores a queued test and queues its job.
 * @throws AppError "validation" (field "url") for a malformed URL, "unreachable" (field "url") when
 *   the host does not resolve or is private, "not_found" (field "projectId"), "rate_limited".
 */
export async function startSpeedTest(o: StartSpeedTestOptions): Promise<{ testId: number; url: string }> {
  const { services, owner } = o;
  if (owner.userId === null && owner.visitorId === null) throw new AppError("unauthorized", errorText(58150));
  if (o.projectId !== undefined) {
    await authorize({ db: services.db, owner, resource: "project", id: o.projectId, action: "change", field: "projectId" });
  }
  const url = filterUrl(o.url, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS, field: "url" }).url;
  try {
    await vetHost(new URL(url).hostname, services.env.ALLOW_PRIVATE_NETWORKS);
  } catch (err) {
    if (err instanceof SsrfError) throw new AppError("unreachable", errorText(58167, { url, reason: err.message }), "url");
    throw err;
  }
  if (o.template === undefined) {
    const mine =
      owner.userId !== null
        ? eq(speedTests.userId, owner.userId)
        : and(isNull(speedTests.userId), eq(speedTests.visitorId, owner.visitorId!));
    const [active] = await services.db
      .select({ n: sql<number>`count(*)::int` })
      .from(speedTests)
      .where(and(mine, isNull(speedTests.template), inArray(speedTests.status, ["queued", "running"])));
    if ((active?.n ?? 0) >= MAX_ACTIVE_SPEED_TESTS) {
      throw new AppError("rate_limited", errorText(58178, { max: MAX_ACTIVE_SPEED_TESTS }));
    }
  }
  const [row] = await services.db
    .insert(speedTests)
    .values({
      url,
      projectId: o.projectId ?? null,
      userId: owner.userId,
      visitorId: owner.visitorId,
      runs: o.runs ?? services.env.SPEED_RUNS,
      template: o.template ?? null,
      siteRunId: o.siteRunId ?? null,
    })
    .returning({ id: speedTests.id });
  await services.jobs.send(QUEUES.speedTest, { testId: row!.id });
  return { testId: row!.id, url };
}

/** Queue position of a queued test: 1 + queued tests before it (FIFO); null once it runs or ended. */
export async function queuePosition(db: Services["db"], testId: number): Promise<number | null> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(speedTests)
    .where(and(eq(speedTests.status, "queued"), sql`${speedTests.id} <= ${testId}`));
  const [self] = await db.select({ status: speedTests.status }).from(speedTests).where(eq(speedTests.id, testId));
  return self?.status === "queued" ? (row?.n ?? 1) : null;
}
