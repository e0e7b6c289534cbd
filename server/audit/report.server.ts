/**
 * Read side of an audit for the /website-checker screens (issue 3): who may see an audit,
 * its overview (health, summary, issues counted per check, change since the previous audit), the
 * URLs affected by one check, and everything known about one page.
 */
import { type SQL, and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { toBcp47 } from "../../common/i18n/languages.ts";
import type { TextRef } from "../../common/i18n/message.ts";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import { containsPattern } from "./pages.server.ts";
import type { Database } from "../db/client.server.ts";
import { auditIssues, auditLinks, auditPageMetrics, auditPages, auditResources, auditUrls, audits, projects } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { AuditComparison } from "./compare.ts";
import { type AuditRef, type IssueCount, compareStoredAudits, issueCounts, toRef } from "./history.server.ts";
import type { AuditHeaders, AuditPageFacts, PageFinding, RenderDiff, Severity } from "./model.ts";
import { auditCatalogue } from "./run.ts";
import { type CheckTexts, type StoredMessage, englishCheckTexts } from "./check-texts.server.ts";

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

/** A link target of a link check and how many pages link to it (issue 16 point 6). */
export interface IssueTarget {
  target: string;
  pages: number;
}

/** How the affected URLs of a check are searched, sorted, grouped and paged (issue 16 point 6). */
export interface IssueQuery {
  offset?: number;
  /** Substring of the URL or of the message as the reader reads it (case-insensitive, issue 15.1 point 4). */
  q?: string;
  sort?: "url" | "message";
  order?: "asc" | "desc";
  /** Only the occurrences linking to this target. */
  target?: string;
  /** Group the occurrences by link target (when the check has targets). */
  grouped?: boolean;
}

/** A check with a page of its affected URLs, or of its link targets when grouped. */
export interface IssueDetail {
  check: string;
  category: string;
  severity: Severity;
  title: string;
  why: string;
  fix: string;
  /** Matching occurrences, or targets when `groups` is set. */
  total: number;
  offset: number;
  /** Page size of `urls` and `groups`. */
  limit: number;
  urls: IssueUrl[];
  /** Whether the occurrences name a link target (a link check), so they can be grouped by it. */
  groupable: boolean;
  /** The page of targets with their page counts, most linked first; null when not grouped. */
  groups: IssueTarget[] | null;
  query: { q: string; sort: "url" | "message"; order: "asc" | "desc"; target: string | null; grouped: boolean };
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
  issues: { check: string; category: string; severity: Severity; title: string; message: string; evidence?: string }[];
  /**
   * The first PAGE_SIZE other pages linking here (each once, with its first link), and how many
   * there are: the page's one "incoming links" figure (issue 16 point 3).
   */
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
  /** Check texts in the reader's language (English when absent). */
  texts?: CheckTexts;
}

/**
 * Loads an audit the owner may read (issue 8.1: held by its project, or by the guest who started it).
 * @throws AppError "not_found" (field "audit") otherwise.
 */
export async function getAudit({ db, owner, auditId }: AuditOptions): Promise<AuditView> {
  await authorize({ db, owner, resource: "audit", id: auditId, action: "read" });
  const [c] = await db.select().from(audits).where(eq(audits.id, auditId));
  if (!c) throw new AppError("not_found", errorText(58110), "audit");
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
    issues: await issueCounts(opts.db, audit.id, opts.texts),
    comparison: previous ? await compareStoredAudits(opts.db, previous, audit, opts.texts) : null,
  };
}

/**
 * The link target of an occurrence: stored by the link checks, or read from the evidence
 * (`<a href="…">`) of audits made before targets were stored.
 */
export const issueTarget = sql<
  string | null
>`coalesce(${auditIssues.details}->>'target', substring(${auditIssues.details}->>'evidence' from '^<a href="([^"]*)"'))`;

/** An occurrence's stored message as text: the English string of an old audit, or its check text's JSON. */
const messageKey = sql<string>`(${auditIssues.details}->>'message')`;

/**
 * The distinct stored messages of the occurrences matching `where`, each with its `key`
 * ({@link messageKey}) and its text as `texts` renders it: what the reader reads (issue 15.1 point 4).
 */
async function renderedMessages(db: Database, where: SQL | undefined, texts: CheckTexts): Promise<{ key: string; text: string }[]> {
  const rows = await db
    .selectDistinct({ key: messageKey, kind: sql<string>`jsonb_typeof(${auditIssues.details}->'message')` })
    .from(auditIssues)
    .where(where);
  return rows.map(({ key, kind }) => ({ key, text: texts.message(kind === "object" ? (JSON.parse(key) as TextRef) : key) }));
}

/**
 * A page of the URLs affected by `check`: searched (URL, or the message as the reader reads it in
 * `texts`' language), sorted (by URL, or by that message in the language's collation), filtered to
 * one link target, or grouped by link target (issue 16 point 6, issue 15.1 point 4). Stored messages
 * are check texts (decision 0016), so their distinct values are rendered here and the database is
 * asked by their stored keys. @throws AppError "not_found" for an unknown check or audit.
 */
export async function getIssueDetail(opts: AuditOptions & { check: string } & IssueQuery): Promise<IssueDetail> {
  const { db, auditId, check, offset = 0, sort = "url", order = "asc", texts = englishCheckTexts() } = opts;
  const q = opts.q?.trim() ?? "";
  await getAudit(opts);
  const entry = auditCatalogue().find((c) => c.id === check);
  if (!entry) throw new AppError("not_found", errorText(58112), "check");
  const ofCheck = and(eq(auditIssues.auditId, auditId), eq(auditIssues.check, check));
  const [{ targets } = { targets: 0 }] = await db
    .select({ targets: sql<number>`count(${issueTarget})::int` })
    .from(auditIssues)
    .where(ofCheck);
  const groupable = Number(targets) > 0;
  const target = groupable && opts.target ? opts.target : null;
  const grouped = groupable && !target && opts.grouped === true;
  const messages = q || sort === "message" ? await renderedMessages(db, ofCheck, texts) : [];
  const locale = toBcp47(texts.lang);
  const needle = q.toLocaleLowerCase(locale);
  const matching = Object.fromEntries(messages.filter((m) => m.text.toLocaleLowerCase(locale).includes(needle)).map((m) => [m.key, 1]));
  const where = and(
    ofCheck,
    q ? or(ilike(auditIssues.url, containsPattern(q)), sql`jsonb_exists(${JSON.stringify(matching)}::jsonb, ${messageKey})`) : undefined,
    target ? sql`${issueTarget} = ${target}` : undefined,
  );
  const base = {
    check,
    category: entry.category,
    severity: entry.severity,
    title: texts.title(check),
    why: texts.why(check),
    fix: texts.fix(check),
    offset,
    limit: PAGE_SIZE,
    groupable,
    query: { q, sort, order, target, grouped },
  };
  const dir = order === "desc" ? desc : asc;
  if (grouped) {
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(distinct ${issueTarget})::int` })
      .from(auditIssues)
      .where(where);
    const pages = sql<number>`count(distinct ${auditIssues.url})::int`;
    const groups = await db
      .select({ target: sql<string>`${issueTarget}`, pages })
      .from(auditIssues)
      .where(and(where, sql`${issueTarget} is not null`))
      .groupBy(issueTarget)
      .orderBy(sort === "url" && opts.sort ? dir(issueTarget) : desc(pages), asc(issueTarget))
      .offset(offset)
      .limit(PAGE_SIZE);
    return { ...base, total: Number(total), urls: [], groups: groups.map((g) => ({ target: g.target, pages: Number(g.pages) })) };
  }
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditIssues)
    .where(where);
  const rows = await db
    .select({ url: auditIssues.url, details: auditIssues.details })
    .from(auditIssues)
    .where(where)
    .orderBy(dir(sort === "message" ? messageRank(messages, locale) : auditIssues.url), asc(auditIssues.id))
    .offset(offset)
    .limit(PAGE_SIZE);
  return {
    ...base,
    total: Number(total),
    groups: null,
    urls: rows.map((r) => {
      const d = r.details as { message: StoredMessage; evidence?: StoredMessage };
      return { url: r.url, message: texts.message(d.message), ...(d.evidence ? { evidence: texts.evidence(d.evidence) } : {}) };
    }),
  };
}

/** Orders occurrences by their rendered message (`messages`, {@link renderedMessages}) in `locale`'s collation. */
function messageRank(messages: { key: string; text: string }[], locale: string): SQL<number> {
  const collator = new Intl.Collator(locale);
  const sorted = [...messages].sort((a, b) => collator.compare(a.text, b.text));
  const rank = Object.fromEntries(sorted.map((m, i) => [m.key, i]));
  return sql<number>`(${JSON.stringify(rank)}::jsonb ->> ${messageKey})::int`;
}

/** Everything known about `url` in an audit. @throws AppError "not_found". */
export async function getPageDetail(opts: AuditOptions & { url: string }): Promise<PageDetail> {
  const { db, auditId, url, texts = englishCheckTexts() } = opts;
  await getAudit(opts);
  const [row] = await db
    .select({ urlId: auditUrls.id, depth: auditUrls.depth, page: auditPages })
    .from(auditUrls)
    .leftJoin(auditPages, eq(auditPages.urlId, auditUrls.id))
    .where(and(eq(auditUrls.auditId, auditId), eq(auditUrls.url, url)));
  if (!row) throw new AppError("not_found", errorText(58113), "url");
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
  // Issue 16 point 3: one figure for "incoming links": the other pages of the site that link here
  // (internal hyperlinks, self-links left out), as the link graph counts them (server/audit/context.ts
  // inlinksOf); the list shows each referring page once, with its first link.
  const toHere = and(
    eq(auditLinks.auditId, auditId),
    eq(auditLinks.toUrl, url),
    eq(auditLinks.internal, true),
    inArray(auditLinks.type, ["anchor", "area", "svg"]),
    ne(auditLinks.fromUrlId, row.urlId),
  );
  const firstLinks = db
    .selectDistinctOn([auditLinks.fromUrlId], {
      id: auditLinks.id,
      fromUrlId: auditLinks.fromUrlId,
      anchor: auditLinks.anchor,
      rel: auditLinks.rel,
      type: auditLinks.type,
    })
    .from(auditLinks)
    .where(toHere)
    .orderBy(asc(auditLinks.fromUrlId), asc(auditLinks.id))
    .as("first_links");
  const incoming = await db
    .select({ url: auditUrls.url, anchor: firstLinks.anchor, rel: firstLinks.rel, type: firstLinks.type })
    .from(firstLinks)
    .innerJoin(auditUrls, eq(auditUrls.id, firstLinks.fromUrlId))
    .orderBy(asc(firstLinks.id))
    .limit(PAGE_SIZE);
  const [{ incomingTotal } = { incomingTotal: 0 }] = await db
    .select({ incomingTotal: sql<number>`count(distinct ${auditLinks.fromUrlId})::int` })
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
      .map((r) => {
        const d = r.details as { message: StoredMessage; evidence?: StoredMessage };
        return {
          check: r.check,
          severity: r.severity as Severity,
          category: catalogue.get(r.check)?.category ?? "",
          title: texts.title(r.check),
          message: texts.message(d.message),
          ...(d.evidence ? { evidence: texts.evidence(d.evidence) } : {}),
        };
      })
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
