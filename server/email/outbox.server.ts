import { desc } from "drizzle-orm";
import { emails } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

/** One e-mail as the development outbox lists it. */
export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  template: string;
  category: string;
  status: string;
  /** ISO 8601. */
  createdAt: string;
  html: string;
  /** The e-mail's link targets, in order, without duplicates. */
  links: string[];
}

/** The newest `limit` stored e-mails with their links (the /dev/outbox page). */
export async function listOutbox(services: Services, limit = 50): Promise<OutboxEntry[]> {
  const rows = await services.db.select().from(emails).orderBy(desc(emails.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    template: r.template,
    category: r.category,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    html: r.html,
    links: [...new Set([...r.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")))],
  }));
}
