/**
 * Rank alerts (issue 10 point 7), evaluated after each day's checks against the previous successful
 * check of the same keyword × engine: entering or leaving the top 3 / 10 / 100, a move of at least
 * the project's threshold, a change of ranking URL (cannibalisation), and a provider failing three
 * checks in a row. Each alert is raised once per keyword × engine × day × kind; new ones go out as
 * one e-mail digest to the project's account (category "notifications", so the owner's setting
 * applies) and to the project's webhook, signed with HMAC-SHA256.
 */
import { createHmac } from "node:crypto";
import { and, desc, eq, lt, ne } from "drizzle-orm";
import { request } from "undici";
import {
  projects,
  rankAlerts,
  rankChecks,
  rankEngines,
  rankKeywords,
  rankSettings,
  users,
  type RankAlertKind,
} from "../db/schema.server.ts";
import { sendEmail } from "../email/send.server.ts";
import { createGuardedAgent } from "../net/ssrf.server.ts";
import type { Services } from "../services.server.ts";

/** Top-N boundaries whose crossing raises an alert. */
export const TOP_THRESHOLDS = [3, 10, 100] as const;
/** Failed checks in a row that raise "provider failing". */
export const FAILING_STREAK = 3;

/** One alert before it is stored. */
export interface AlertDraft {
  kind: RankAlertKind;
  message: string;
  data: Record<string, unknown>;
}

/** A check as the alert rules compare it. */
export interface CheckPoint {
  position: number | null;
  url: string | null;
}

/**
 * The alerts of one keyword × engine from its previous and current check (pure; the rules of issue
 * 10 point 7). `label` names the keyword and engine in messages.
 */
export function alertsFor(prev: CheckPoint | null, cur: CheckPoint, moveThreshold: number, label: string): AlertDraft[] {
  const out: AlertDraft[] = [];
  const inTop = (p: number | null, n: number) => p !== null && p <= n;
  const before = prev?.position ?? null;
  const now = cur.position;
  const entered = TOP_THRESHOLDS.find((n) => inTop(now, n) && !inTop(before, n));
  if (entered && prev)
    out.push({
      kind: "entered_top",
      message: `${label} entered the top ${entered} (${fmt(before)} → ${now}).`,
      data: { top: entered, from: before, to: now },
    });
  const left = [...TOP_THRESHOLDS].reverse().find((n) => inTop(before, n) && !inTop(now, n));
  if (left)
    out.push({
      kind: "left_top",
      message: `${label} left the top ${left} (${before} → ${fmt(now)}).`,
      data: { top: left, from: before, to: now },
    });
  if (before !== null && now !== null && Math.abs(now - before) >= moveThreshold)
    out.push({
      kind: "moved",
      message: `${label} moved ${now < before ? "up" : "down"} ${Math.abs(now - before)} places (${before} → ${now}).`,
      data: { from: before, to: now },
    });
  if (before !== null && now !== null && prev?.url && cur.url && prev.url !== cur.url)
    out.push({
      kind: "url_changed",
      message: `${label} now ranks with ${cur.url} instead of ${prev.url}.`,
      data: { from: prev.url, to: cur.url },
    });
  return out;
}

const fmt = (p: number | null) => (p === null ? "not ranked" : String(p));

/** Evaluates, stores and delivers the alerts of a project's checks on `day`. */
export async function evaluateAlerts(opts: { services: Services; projectId: number; day: string }): Promise<number> {
  const { services, projectId, day } = opts;
  const db = services.db;
  const [settings] = await db.select().from(rankSettings).where(eq(rankSettings.projectId, projectId));
  const moveThreshold = settings?.moveThreshold ?? 5;
  const today = await db
    .select({ check: rankChecks, keyword: rankKeywords.keyword, engine: rankEngines })
    .from(rankChecks)
    .innerJoin(rankKeywords, eq(rankKeywords.id, rankChecks.keywordId))
    .innerJoin(rankEngines, eq(rankEngines.id, rankChecks.engineId))
    .where(and(eq(rankChecks.projectId, projectId), eq(rankChecks.day, day), ne(rankChecks.status, "pending")));
  const drafts: (AlertDraft & { keywordId: number; engineId: number })[] = [];
  for (const { check, keyword, engine } of today) {
    const label = `"${keyword}" in ${engine.engine} ${engine.country} ${engine.device}`;
    const history = await db
      .select({ status: rankChecks.status, position: rankChecks.position, url: rankChecks.url })
      .from(rankChecks)
      .where(and(eq(rankChecks.keywordId, check.keywordId), eq(rankChecks.engineId, check.engineId), lt(rankChecks.day, day)))
      .orderBy(desc(rankChecks.day))
      .limit(FAILING_STREAK - 1);
    const ids = { keywordId: check.keywordId, engineId: check.engineId };
    if (check.status === "error") {
      if (history.length === FAILING_STREAK - 1 && history.every((h) => h.status === "error"))
        drafts.push({
          ...ids,
          kind: "provider_failing",
          message: `${label}: the provider failed ${FAILING_STREAK} checks in a row (${check.error}).`,
          data: { error: check.error },
        });
      continue;
    }
    const prev = history.find((h) => h.status === "ok") ?? null;
    for (const d of alertsFor(prev, { position: check.position, url: check.url }, moveThreshold, label)) drafts.push({ ...ids, ...d });
  }
  if (drafts.length === 0) return 0;
  const inserted = await db
    .insert(rankAlerts)
    .values(drafts.map((d) => ({ projectId, day, ...d })))
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return 0;
  await deliver(services, projectId, day, inserted);
  return inserted.length;
}

type AlertRow = typeof rankAlerts.$inferSelect;

/** The webhook signature of a body: hex HMAC-SHA256 of `${timestamp}.${body}` with the project's secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

async function deliver(services: Services, projectId: number, day: string, alerts: AlertRow[]): Promise<void> {
  const db = services.db;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return;
  const [settings] = await db.select().from(rankSettings).where(eq(rankSettings.projectId, projectId));
  if (project.userId !== null) {
    const [user] = await db
      .select({ email: users.email, lang: users.lang, name: users.name })
      .from(users)
      .where(eq(users.id, project.userId));
    if (user) {
      const url = new URL(`/project/rankings?idp=${projectId}`, services.env.PUBLIC_ORIGIN).toString();
      const sent = await sendEmail(services, {
        to: user.email,
        template: "notice",
        lang: user.lang,
        category: "notifications",
        data: {
          subject: `Ranking alerts for ${project.domain} on ${day}`,
          lines: alerts.map((a) => a.message),
          action: { label: "Open the rankings", url },
        },
      });
      if (sent) for (const a of alerts) await db.update(rankAlerts).set({ emailedAt: new Date() }).where(eq(rankAlerts.id, a.id));
    }
  }
  if (settings?.webhookUrl && settings.webhookSecret) {
    const body = JSON.stringify({
      project: { id: projectId, domain: project.domain },
      day,
      alerts: alerts.map((a) => ({
        id: a.id,
        kind: a.kind,
        keywordId: a.keywordId,
        engineId: a.engineId,
        message: a.message,
        data: a.data,
      })),
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    let status = 0;
    const agent = createGuardedAgent(services.env.ALLOW_PRIVATE_NETWORKS, 1);
    try {
      const res = await request(settings.webhookUrl, {
        method: "POST",
        dispatcher: agent,
        headers: {
          "content-type": "application/json",
          "x-rankforge-timestamp": timestamp,
          "x-rankforge-signature": `sha256=${signWebhook(settings.webhookSecret, timestamp, body)}`,
        },
        body,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      status = res.statusCode;
      await res.body.dump();
    } catch (err) {
      services.log.warn({ projectId, err: err instanceof Error ? err.message : String(err) }, "rank alert webhook failed");
    } finally {
      await agent.close();
    }
    for (const a of alerts) await db.update(rankAlerts).set({ webhookStatus: status }).where(eq(rankAlerts.id, a.id));
  }
}
