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
import { pageUrl, sendEmail } from "../email/send.server.ts";
import { loadTexts } from "../i18n/texts.server.ts";
import { DEFAULT_LANG } from "../../common/i18n/languages.ts";
import { type MessageValues, type TextRef, renderText } from "../../common/i18n/message.ts";
import { createGuardedAgent } from "../net/ssrf.server.ts";
import type { Services } from "../services.server.ts";

/** Top-N boundaries whose crossing raises an alert. */
export const TOP_THRESHOLDS = [3, 10, 100] as const;
/** Alerts stored per INSERT statement. */
const ALERTS_PER_INSERT = 1000;
/** Alert lines one e-mail digest lists at most; the rest are counted and on the rankings tab. */
export const DIGEST_LINES = 100;
/** Failed checks in a row that raise "provider failing". */
export const FAILING_STREAK = 3;

/** The keyword and engine an alert is about (the values of its text, with the alert's `data`). */
export interface AlertSubject {
  keyword: string;
  engine: string;
  country: string;
  device: string;
}

/** Text of each alert kind (content/texts/<lang>/rank.json, group "email"); its values are the alert's data. */
export const ALERT_TEXT: Record<RankAlertKind, number> = {
  entered_top: 52102,
  left_top: 52103,
  moved: 52104,
  url_changed: 52105,
  provider_failing: 52106,
};
/** Texts of the alert e-mail: subject and button. */
const DIGEST_SUBJECT = 52100;
const DIGEST_BUTTON = 52101;
const DIGEST_MORE = 52107;

/** One alert before it is stored: `data` holds the values of its kind's text (positions null when not ranked). */
export interface AlertDraft {
  kind: RankAlertKind;
  data: Record<string, string | number | null>;
}

/** An alert as a text: its kind's text with its data as values ("none" for a position that is not ranked). */
export function alertText(kind: RankAlertKind, data: Record<string, unknown>): TextRef {
  const values: MessageValues = {};
  for (const [k, v] of Object.entries(data)) if (typeof v === "string" || typeof v === "number" || v === null) values[k] = v ?? "none";
  return { id: ALERT_TEXT[kind], values };
}

/** A check as the alert rules compare it. */
export interface CheckPoint {
  position: number | null;
  url: string | null;
}

/**
 * The alerts of one keyword × engine from its previous and current check (pure; the rules of issue
 * 10 point 7). `subject` names the keyword and engine.
 */
export function alertsFor(prev: CheckPoint | null, cur: CheckPoint, moveThreshold: number, subject: AlertSubject): AlertDraft[] {
  const out: AlertDraft[] = [];
  const inTop = (p: number | null, n: number) => p !== null && p <= n;
  const before = prev?.position ?? null;
  const now = cur.position;
  const entered = TOP_THRESHOLDS.find((n) => inTop(now, n) && !inTop(before, n));
  if (entered && prev) out.push({ kind: "entered_top", data: { ...subject, top: entered, from: before, to: now } });
  const left = [...TOP_THRESHOLDS].reverse().find((n) => inTop(before, n) && !inTop(now, n));
  if (left) out.push({ kind: "left_top", data: { ...subject, top: left, from: before, to: now } });
  if (before !== null && now !== null && Math.abs(now - before) >= moveThreshold)
    out.push({
      kind: "moved",
      data: { ...subject, direction: now < before ? "up" : "down", places: Math.abs(now - before), from: before, to: now },
    });
  if (before !== null && now !== null && prev?.url && cur.url && prev.url !== cur.url)
    out.push({ kind: "url_changed", data: { ...subject, from: prev.url, to: cur.url } });
  return out;
}

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
    const subject: AlertSubject = { keyword, engine: engine.engine, country: engine.country, device: engine.device };
    const history = await db
      .select({ status: rankChecks.status, position: rankChecks.position, url: rankChecks.url })
      .from(rankChecks)
      .where(and(eq(rankChecks.keywordId, check.keywordId), eq(rankChecks.engineId, check.engineId), lt(rankChecks.day, day)))
      .orderBy(desc(rankChecks.day))
      .limit(FAILING_STREAK - 1);
    const ids = { keywordId: check.keywordId, engineId: check.engineId };
    if (check.status === "error") {
      if (history.length === FAILING_STREAK - 1 && history.every((h) => h.status === "error"))
        drafts.push({ ...ids, kind: "provider_failing", data: { ...subject, count: FAILING_STREAK, error: check.error } });
      continue;
    }
    const prev = history.find((h) => h.status === "ok") ?? null;
    for (const d of alertsFor(prev, { position: check.position, url: check.url }, moveThreshold, subject)) drafts.push({ ...ids, ...d });
  }
  if (drafts.length === 0) return 0;
  // The stored message (also sent to the webhook) is English; the e-mail renders the text in the owner's language.
  const english = await loadTexts(db, DEFAULT_LANG, { groups: ["email"] });
  // In slices: a statement holds at most 65,535 parameters, and a large project's day can raise tens of thousands.
  const inserted: AlertRow[] = [];
  for (let i = 0; i < drafts.length; i += ALERTS_PER_INSERT)
    inserted.push(
      ...(await db
        .insert(rankAlerts)
        .values(
          drafts
            .slice(i, i + ALERTS_PER_INSERT)
            .map((d) => ({ projectId, day, ...d, message: renderText(alertText(d.kind, d.data), english, DEFAULT_LANG) })),
        )
        .onConflictDoNothing()
        .returning()),
    );
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
      const url = pageUrl(services, user.lang, `/project/rankings?idp=${projectId}`);
      const sent = await sendEmail(services, {
        to: user.email,
        template: "message",
        lang: user.lang,
        category: "notifications",
        data: {
          subject: { id: DIGEST_SUBJECT, values: { domain: project.domain, day } },
          lines: [
            ...alerts.slice(0, DIGEST_LINES).map((a) => alertText(a.kind, a.data as Record<string, unknown>)),
            ...(alerts.length > DIGEST_LINES ? [{ id: DIGEST_MORE, values: { count: alerts.length - DIGEST_LINES } }] : []),
          ],
          action: { label: { id: DIGEST_BUTTON }, url },
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
