/**
 * Read side of an audit for the /website-checker screens (issue 3): who may see an audit,
 * its overview (health, summary, issues counted per check, change since the previous audit), the
 * URLs affected by one check, and everything known about one page.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues, auditLinks, auditPageMetrics, auditPages, auditResources, auditUrls, audits, projects } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
import type { AuditComparison } from "./compare.ts";
import { type AuditRef, type IssueCount, compareStoredAudits, issueCounts, toRef } from "./history.server.ts";
import type { AuditHeaders, AuditPageFacts, PageFinding, RenderDiff, Severity } from "./model.ts";
import { auditCatalogue } from "./run.ts";

/** Rows of lists (affected URLs, links) returned per request. */
export const PAGE_SIZE = 100;

/** An audit the visitor may see, with its settings. */
export interface AuditView extends AuditRef {
  projectId: number | null;
  settings: Record<string, unknown>;
  error: string | null;
}

/** Overview of an audit. */
export interface AuditOverview {
  audit: AuditView;
  issues: IssueCount[];
  comparison: AuditComparison | null;
}

/** One affected URL of a check. */
export interface IssueUrl {
  url: string;
  message: string;
  evidence?: string;
}

/** A check with a page of its affected URLs. */
export interface IssueDetail {
  check: string;
  category: string;
  severity: Severity;
  title: string;
  why: string;
  fix: string;
  total: number;
  offset: number;
  /** Page size of `urls`. */
  limit: number;
  urls: IssueUrl[];
}

/** A link to or from a page. */
export interface PageLink {
  url: string;
  anchor: string;
  rel: string;
  type: string;
}

/** Everything known about one crawled URL (a page, or a sub-resource / external link target). */
export interface PageDetail {
  url: string;
  statusCode: number | null;
  error: string | null;
  location: string | null;
  contentType: string | null;
  timings: { ttfbMs: number; totalMs: number } | null;
  bytes: { wire: number | null; body: number };
  headers: AuditHeaders;
  depth: number | null;
  facts: AuditPageFacts | null;
  findings: PageFinding[];
  render: RenderDiff | null;
  metrics: { inlinks: number; outlinks: number; linkScore: number; indexable: boolean } | null;
  issues: { check: string; severity: Severity; title: string; message: string; evidence?: string }[];
  /** The first PAGE_SIZE links to the page, and how many there are. */
  incoming: PageLink[];
  incomingTotal: number;
  outgoing: PageLink[];
}

const SEVERITY_RANK: Record<string, number> = { error: 0, warning: 1, notice: 2 };

/** Who asks for which audit (issue 8.1 access rule). */
export interface AuditOptions {
  db: Database;
  owner: Owner;
  auditId: number;
}

/**
 * Loads an audit the owner may read (issue 8.1: held by its project, or by the guest who started it).
 * @throws AppError "not_found" (field "audit") otherwise.
 */
export async function getAudit({ db, owner, auditId }: AuditOptions): Promise<AuditView> {
  await authorize({ db, owner, resource: "audit", id: auditId, action: "read" });
  const [c] = await db.select().from(audits).where(eq(audits.id, auditId));
  if (!c) throw new AppError("not_found", "Audit not found.", "audit");
  return { ...toRef(c), projectId: c.projectId, settings: (c.settings as Record<string, unknown>) ?? {}, error: c.error };
}

/** The finished audit before `audit` of the same project (or, without a project, of the same start URL and guest). */
async function previousAudit(db: Database, audit: AuditView): Promise<AuditRef | null> {
  const sameHolder =
    audit.projectId !== null
      ? eq(audits.projectId, audit.projectId)
      : and(
          isNull(audits.projectId),
          eq(audits.startUrl, audit.startUrl),
          eq(audits.visitorId, sql`(select ${audits.visitorId} from ${audits} where ${audits.id} = ${audit.id})`),
        );
  const [row] = await db
    .select()
    .from(audits)
    .where(and(sameHolder, eq(audits.status, "done"), lt(audits.id, audit.id)))
    .orderBy(desc(audits.id))
    .limit(1);
  return row ? toRef(row) : null;
}

/** The overview of an audit the owner may read. @throws AppError "not_found". */
export async function getAuditOverview(opts: AuditOptions): Promise<AuditOverview> {
  const audit = await getAudit(opts);
  if (audit.status !== "done") return { audit, issues: [], comparison: null };
  const previous = await previousAudit(opts.db, audit);
  return {
    audit,
    issues: await issueCounts(opts.db, audit.id),
    comparison: previous ? await compareStoredAudits(opts.db, previous, audit) : null,
  };
}

/** A page of the URLs affected by `check`. @throws AppError "not_found" for an unknown check or audit. */
export async function getIssueDetail(opts: AuditOptions & { check: string; offset?: number }): Promise<IssueDetail> {
  const { db, auditId, check, offset = 0 } = opts;
  await getAudit(opts);
  const entry = auditCatalogue().find((c) => c.id === check);
  if (!entry) throw new AppError("not_found", "Unknown check.", "check");
  const where = and(eq(auditIssues.auditId, auditId), eq(auditIssues.check, check));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditIssues)
    .where(where);
  const rows = await db
    .select({ url: auditIssues.url, details: auditIssues.details })
    .from(auditIssues)
    .where(where)
    .orderBy(asc(auditIssues.id))
    .offset(offset)
    .limit(PAGE_SIZE);
  return {
    check,
    category: entry.category,
    severity: entry.severity,
    title: entry.title,
    why: entry.why,
    fix: entry.fix,
    total: Number(total),
    offset,
    limit: PAGE_SIZE,
    urls: rows.map((r) => ({ url: r.url, ...(r.details as { message: string; evidence?: string }) })),
  };
}

/** Everything known about `url` in an audit. @throws AppError "not_found". */
export async function getPageDetail(opts: AuditOptions & { url: string }): Promise<PageDetail> {
  const { db, auditId, url } = opts;
  await getAudit(opts);
  const [row] = await db
    .select({ urlId: auditUrls.id, depth: auditUrls.depth, page: auditPages })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.url, url)));
  if (!row) throw new AppError("not_found", "This URL is not part of the audit.", "url");
  const [metrics] = await db
    .select({
      inlinks: auditPageMetrics.inlinks,
      outlinks: auditPageMetrics.outlinks,
      linkScore: auditPageMetrics.linkScore,
      indexable: auditPageMetrics.indexable,
    })
    .from(auditPageMetrics)
    .where(and(eq(auditPageMetrics.auditId, auditId), eq(auditPageMetrics.url, url)));
  const catalogue = new Map(auditCatalogue().map((c) => [c.id, c]));
  const issueRows = await db
    .select({ check: auditIssues.check, severity: auditIssues.severity, details: auditIssues.details })
    .from(auditIssues)
    .where(and(eq(auditIssues.auditId, auditId), eq(auditIssues.url, url)));
  const toHere = and(eq(auditLinks.auditId, auditId), eq(auditLinks.toUrl, url), inArray(auditLinks.type, ["anchor", "area", "svg"]));
  const incoming = await db
    .select({ url: auditUrls.url, anchor: auditLinks.anchor, rel: auditLinks.rel, type: auditLinks.type })
    .from(auditLinks)
    .innerJoin(auditUrls, eq(auditUrls.id, auditLinks.fromUrlId))
    .where(toHere)
    .orderBy(asc(auditLinks.id))
    .limit(PAGE_SIZE);
  const [{ incomingTotal } = { incomingTotal: 0 }] = await db
    .select({ incomingTotal: sql<number>`count(*)::int` })
    .from(auditLinks)
    .where(toHere);
  const outgoing = await db
    .select({ url: auditLinks.toUrl, anchor: auditLinks.anchor, rel: auditLinks.rel, type: auditLinks.type })
    .from(auditLinks)
    .where(and(eq(auditLinks.auditId, auditId), eq(auditLinks.fromUrlId, row.urlId)))
    .orderBy(asc(auditLinks.id))
    .limit(PAGE_SIZE * 3);
  const p = row.page;
  // A sub-resource or external link target has its result in audit_resources instead.
  const [r] = p ? [] : await db.select().from(auditResources).where(eq(auditResources.urlId, row.urlId));
  return {
    url,
    statusCode: p?.statusCode ?? r?.statusCode ?? null,
    error: p?.error ?? r?.error ?? null,
    location: p?.location ?? r?.location ?? null,
    contentType: p?.contentType ?? r?.contentType ?? null,
    timings: (p?.timings as PageDetail["timings"]) ?? null,
    bytes: { wire: p?.bytesWire ?? null, body: p?.bytesBody ?? r?.bytes ?? 0 },
    headers: (p?.headers as AuditHeaders) ?? {},
    depth: row.depth,
    facts: (p?.facts as AuditPageFacts | null) ?? null,
    findings: (p?.findings as PageFinding[]) ?? [],
    render: (p?.render as RenderDiff | null) ?? null,
    metrics: metrics ?? null,
    issues: issueRows
      .map((r) => ({
        check: r.check,
        severity: r.severity as Severity,
        title: catalogue.get(r.check)?.title ?? r.check,
        ...(r.details as { message: string; evidence?: string }),
      }))
      .sort((a, b) => SEVERITY_RANK[a.severity]! - SEVERITY_RANK[b.severity]!),
    incoming,
    incomingTotal: Number(incomingTotal),
    outgoing,
  };
}

/** The owner's most recent audits (of their projects, or started as a guest without one), newest first. */
export async function listAudits({ db, owner, limit = 10 }: { db: Database; owner: Owner; limit?: number }): Promise<AuditRef[]> {
  const guestAudit = owner.visitorId !== null ? and(isNull(audits.projectId), eq(audits.visitorId, owner.visitorId)) : sql`false`;
  const rows = await db
    .select({ audit: audits })
    .from(audits)
    .leftJoin(projects, eq(projects.id, audits.projectId))
    .where(or(and(isNotNull(audits.projectId), ownedBy(owner, projects)), guestAudit))
    .orderBy(desc(audits.id))
    .limit(limit);
  return rows.map(({ audit }) => toRef(audit));
}
