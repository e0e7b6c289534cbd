/**
 * Every kind of owned resource and how to find its holder (issue 8.1). A new owned table adds one
 * entry here; tests/integration/access-matrix.test.ts then checks it for every identity.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { audits, projects, speedTests } from "../db/schema.server.ts";
import type { Holder } from "./rule.server.ts";

/** One resource kind: a label for messages, the input field that names it, and its holder lookup. */
export interface ResourceKindRule {
  label: string;
  field: string;
  /** The holder of resource `id`, or null when it does not exist. */
  holder(db: Database, id: number): Promise<Holder | null>;
}

/** The holder of a project. */
async function projectHolder(db: Database, id: number): Promise<Holder | null> {
  const [row] = await db.select({ userId: projects.userId, visitorId: projects.visitorId }).from(projects).where(eq(projects.id, id));
  return row ?? null;
}

export const RESOURCES = {
  project: { label: "Project", field: "idp", holder: projectHolder },
  audit: {
    label: "Audit",
    field: "audit",
    /** An audit is held by its project; an audit started without a project by the guest who started it. */
    async holder(db, id) {
      const [row] = await db.select({ projectId: audits.projectId, visitorId: audits.visitorId }).from(audits).where(eq(audits.id, id));
      if (!row) return null;
      return row.projectId !== null ? projectHolder(db, row.projectId) : { userId: null, visitorId: row.visitorId };
    },
  },
  speedTest: {
    label: "Speed test",
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
