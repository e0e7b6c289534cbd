/**
 * A project's speed budget (issue 12.2, e.g. LCP ≤ 2.5 s): limits on the mobile median of each
 * template of a site speed run. A finished run is checked once; when it breaks a limit the project's
 * owner gets one e-mail (category "notifications", through the outbox) naming each breach.
 */
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_LANG, toBcp47 } from "../../common/i18n/languages.ts";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { projects, siteSpeedRuns, speedBudgets, users, type BudgetBreach } from "../db/schema.server.ts";
import { pageUrl, sendEmail } from "../email/send.server.ts";
import type { EmailPart } from "../email/templates/index.server.ts";
import type { Services } from "../services.server.ts";
import type { TemplateMedians } from "./site-speed.server.ts";

/** A budget as the screen and API show it: null = no limit. LCP and TBT in ms, CLS unitless, performance 0–100. */
export interface SpeedBudget {
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  minPerformance: number | null;
}

const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === "" || v === undefined ? null : v), s.nullable()) as unknown as z.ZodType<z.output<T> | null>;

/** Input of a budget (form or JSON): empty = no limit. */
export const budgetSchema = z.object({
  lcpMs: optional(z.coerce.number().int().min(100).max(60_000)),
  tbtMs: optional(z.coerce.number().int().min(0).max(60_000)),
  cls: optional(z.coerce.number().min(0).max(5)),
  minPerformance: optional(z.coerce.number().int().min(1).max(100)),
});

/** The budget breaches of a run's template medians (pure): one per template × metric over its limit. */
export function budgetBreaches(budget: SpeedBudget, templates: TemplateMedians[]): BudgetBreach[] {
  const out: BudgetBreach[] = [];
  for (const t of templates) {
    if (budget.lcpMs !== null && t.lcpMs !== null && t.lcpMs > budget.lcpMs)
      out.push({ template: t.template, metric: "lcp", value: t.lcpMs, limit: budget.lcpMs });
    if (budget.tbtMs !== null && t.tbtMs !== null && t.tbtMs > budget.tbtMs)
      out.push({ template: t.template, metric: "tbt", value: t.tbtMs, limit: budget.tbtMs });
    if (budget.cls !== null && t.cls !== null && t.cls > budget.cls)
      out.push({ template: t.template, metric: "cls", value: t.cls, limit: budget.cls });
    if (budget.minPerformance !== null && t.performance !== null && t.performance < budget.minPerformance)
      out.push({ template: t.template, metric: "performance", value: t.performance, limit: budget.minPerformance });
  }
  return out;
}

/** The stored budget of a project (no row = no limits), without an access check. */
export async function readBudget(db: Database, projectId: number): Promise<SpeedBudget> {
  const [row] = await db.select().from(speedBudgets).where(eq(speedBudgets.projectId, projectId));
  return {
    lcpMs: row?.lcpMs ?? null,
    tbtMs: row?.tbtMs ?? null,
    cls: row?.clsMilli === null || row?.clsMilli === undefined ? null : row.clsMilli / 1000,
    minPerformance: row?.minPerformance ?? null,
  };
}

/** The project's budget. @throws AppError "not_found" (field "idp"). */
export async function getBudget(o: { db: Database; owner: Owner; projectId: number }): Promise<SpeedBudget> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "read", field: "idp" });
  return readBudget(o.db, o.projectId);
}

/** Sets the project's budget (all null removes every limit). @throws AppError "not_found" (field "idp"). */
export async function setBudget(o: { db: Database; owner: Owner; projectId: number; budget: SpeedBudget }): Promise<SpeedBudget> {
  await authorize({ db: o.db, owner: o.owner, resource: "project", id: o.projectId, action: "change", field: "idp" });
  const values = {
    lcpMs: o.budget.lcpMs,
    tbtMs: o.budget.tbtMs,
    clsMilli: o.budget.cls === null ? null : Math.round(o.budget.cls * 1000),
    minPerformance: o.budget.minPerformance,
  };
  await o.db
    .insert(speedBudgets)
    .values({ projectId: o.projectId, ...values })
    .onConflictDoUpdate({ target: speedBudgets.projectId, set: values });
  return readBudget(o.db, o.projectId);
}

/** Text ids of the budget alert e-mail (speed.json, group "email"). */
export const BUDGET_EMAIL = { subject: 54150, intro: 54151, breach: 54152, button: 54153 } as const;

/**
 * A breach as one line of the alert, e.g. "/docs/*: Largest Contentful Paint 3.2 s, budget 2.5 s" in
 * English; figures in `lang`'s number format (issue 15.1: "3,2 s" in German).
 */
export function breachLine(b: BudgetBreach, lang: string = DEFAULT_LANG): EmailPart {
  const tag = toBcp47(lang);
  const seconds = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const plain = new Intl.NumberFormat(tag, { maximumFractionDigits: 3, useGrouping: false });
  const v = (n: number) =>
    b.metric === "lcp" || b.metric === "tbt" ? (n >= 1000 ? `${seconds.format(n / 1000)} s` : `${plain.format(n)} ms`) : plain.format(n);
  return { id: BUDGET_EMAIL.breach, values: { template: b.template, metric: b.metric, value: v(b.value), limit: v(b.limit) } };
}

/**
 * E-mails the run's breaches to the project's account once (alertedAt is claimed first, so two
 * workers never send twice). Guest projects have nobody to write to.
 * @returns the stored e-mail's id, or null when nothing was sent.
 */
export async function alertBreaches(services: Services, runId: number): Promise<number | null> {
  const [run] = await services.db
    .update(siteSpeedRuns)
    .set({ alertedAt: new Date() })
    .where(and(eq(siteSpeedRuns.id, runId), isNull(siteSpeedRuns.alertedAt)))
    .returning();
  if (!run?.breaches?.length) return null;
  const [owner] = await services.db
    .select({ email: users.email, lang: users.lang, domain: projects.domain })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, run.projectId));
  if (!owner) return null;
  const url = pageUrl(services, owner.lang, `/page-speed?idp=${run.projectId}`);
  const sent = await sendEmail(services, {
    to: owner.email,
    template: "message",
    lang: owner.lang,
    category: "notifications",
    data: {
      subject: { id: BUDGET_EMAIL.subject, values: { domain: owner.domain } },
      lines: [
        { id: BUDGET_EMAIL.intro, values: { date: run.createdAt.toISOString().slice(0, 10) } },
        ...run.breaches.map((b) => breachLine(b, owner.lang)),
      ],
      action: { label: { id: BUDGET_EMAIL.button }, url },
    },
  });
  return sent?.emailId ?? null;
}
