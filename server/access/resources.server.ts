/**
 * Every kind of owned resource and how to find its holder (issue 8.1). A new owned table adds one
 * entry here; tests/integration/access-matrix.test.ts then checks it for every identity.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import {
  audits,
  deliveries,
  orders,
  projectGroups,
  projects,
  rankCompetitors,
  rankEngines,
  rankKeywords,
  reportFiles,
  reports,
  speedTests,
  whiteLabels,
} from "../db/schema.server.ts";
import type { Holder } from "./rule.server.ts";

/** One resource kind: its "… not found." error text (content/texts/<lang>/errors.json), the input field that names it, and its holder lookup. */
export interface ResourceKindRule {
  notFound: number;
  field: string;
  /** The holder of resource `id`, or null when it does not exist. */
  holder(db: Database, id: number): Promise<Holder | null>;
}

/** The holder of a row that belongs to a project (rank engines, keywords, competitors). */
function projectChild(table: typeof rankEngines | typeof rankKeywords | typeof rankCompetitors) {
  return async (db: Database, id: number): Promise<Holder | null> => {
    const [row] = await db.select({ projectId: table.projectId }).from(table).where(eq(table.id, id));
    return row ? projectHolder(db, row.projectId) : null;
  };
}

/** The holder of a project. */
async function projectHolder(db: Database, id: number): Promise<Holder | null> {
  const [row] = await db.select({ userId: projects.userId, visitorId: projects.visitorId }).from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export const RESOURCES = {
  project: { notFound: 58114, field: "idp", holder: projectHolder },
  audit: {
    notFound: 58110,
    field: "audit",
    /** An audit is held by its project; an audit started without a project by the guest who started it. */
    async holder(db, id) {
      const [row] = await db.select({ projectId: audits.projectId, visitorId: audits.visitorId }).from(audits).where(eq(audits.id, id));
      if (!row) return null;
      return row.projectId !== null ? projectHolder(db, row.projectId) : { userId: null, visitorId: row.visitorId };
    },
  },
  /** An order (issue 13) is held by its buyer: the user, or the guest visitor who checked out. */
  order: {
    notFound: 58153,
    field: "order",
    async holder(db, id) {
      const [row] = await db.select({ userId: orders.userId, visitorId: orders.visitorId }).from(orders).where(eq(orders.id, id));
      return row ?? null;
    },
  },
  group: {
    notFound: 58180,
    field: "groupId",
    /** A project group is held like a project (issue 8.5). */
    async holder(db, id) {
      const [row] = await db
        .select({ userId: projectGroups.userId, visitorId: projectGroups.visitorId })
        .from(projectGroups)
        .where(eq(projectGroups.id, id));
      return row ?? null;
    },
  },
  report: {
    notFound: 58181,
    field: "id",
    /** A report definition is held by its project (issue 11). */
    async holder(db, id) {
      const [row] = await db.select({ projectId: reports.projectId }).from(reports).where(eq(reports.id, id));
      return row ? projectHolder(db, row.projectId) : null;
    },
  },
  reportFile: {
    notFound: 58182,
    field: "idrg",
    /** A generated report file (spec 3 download status item) is held by its project. */
    async holder(db, id) {
      const [row] = await db.select({ projectId: reportFiles.projectId }).from(reportFiles).where(eq(reportFiles.id, id));
      return row ? projectHolder(db, row.projectId) : null;
    },
  },
  delivery: {
    notFound: 58183,
    field: "id",
    /** A scheduled delivery is held by its project. */
    async holder(db, id) {
      const [row] = await db.select({ projectId: deliveries.projectId }).from(deliveries).where(eq(deliveries.id, id));
      return row ? projectHolder(db, row.projectId) : null;
    },
  },
  whiteLabel: {
    notFound: 58184,
    field: "id",
    /** A white-label profile is held by the account (or guest visitor) that made it. */
    async holder(db, id) {
      const [row] = await db
        .select({ userId: whiteLabels.userId, visitorId: whiteLabels.visitorId })
        .from(whiteLabels)
        .where(eq(whiteLabels.id, id));
      return row ?? null;
    },
  },
  /** Rank tracking (issue 10): held by their project. */
  engine: { notFound: 58185, field: "engineId", holder: projectChild(rankEngines) },
  keyword: { notFound: 58186, field: "keywordId", holder: projectChild(rankKeywords) },
  competitor: { notFound: 58187, field: "competitorId", holder: projectChild(rankCompetitors) },
  speedTest: {
    notFound: 58188,
    field: "test",
    /** A speed test of a project is held by the project; one without a project by whoever started it. */
    async holder(db, id) {
      const [row] = await db
        .select({ projectId: speedTests.projectId, userId: speedTests.userId, visitorId: speedTests.visitorId })
        .from(speedTests)
        .where(eq(speedTests.id, id));
      if (!row) return null;
      return row.projectId !== null ? projectHolder(db, row.projectId) : { userId: row.userId, visitorId: row.visitorId };
    },
  },
} satisfies Record<string, ResourceKindRule>;

/** Names of the owned resource kinds. */
export type ResourceKind = keyof typeof RESOURCES;
