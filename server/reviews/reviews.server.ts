import { and, desc, eq, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { rateLimits, reviews, type ReviewStatus } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { contentChanged } from "../content/version.server.ts";

/** What a review can be about; "autoseo" reviews also appear on /autoseo-client-reviews. */
export const REVIEW_PRODUCTS = ["rankforge", "autoseo", "fullseo", "analytics"] as const;

/** Reviews one IP address may send per window (and the window, seconds). */
export const REVIEW_LIMIT = { points: 3, duration: 3600 } as const;

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.literal(true));

/**
 * The /write-a-review form (issue 4). Field names are the form's; `website` is a honeypot that
 * people never see and must stay empty.
 */
export const reviewInput = z.object({
  name: z.string().trim().min(2).max(80),
  email: z.string().trim().max(200).pipe(z.email()),
  product: z.enum(REVIEW_PRODUCTS),
  rating: z.coerce.number().int().min(1).max(5),
  text: z.string().trim().min(30).max(3000),
  consent: checkbox,
  website: z.string().max(0).optional(),
});

/** A valid review. */
export type ReviewInput = z.infer<typeof reviewInput>;

/** Field names of the form that can be in error. */
export type ReviewField = "name" | "email" | "product" | "rating" | "text" | "consent";

/**
 * Validates raw form values. @returns the review, or every invalid field (first problem each).
 * A filled honeypot is reported as "bot".
 */
export function parseReview(
  raw: Record<string, unknown>,
): { ok: true; review: ReviewInput } | { ok: false; fields: ReviewField[]; bot: boolean } {
  const parsed = reviewInput.safeParse(raw);
  if (parsed.success) return { ok: true, review: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
  return { ok: false, fields: fields.filter((f): f is ReviewField => f !== "website"), bot: fields.includes("website") };
}

const limiters = new WeakMap<Database, RateLimiterDrizzle>();

function limiterFor(db: Database): RateLimiterDrizzle {
  let l = limiters.get(db);
  if (!l) {
    l = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: "review", ...REVIEW_LIMIT });
    limiters.set(db, l);
  }
  return l;
}

/**
 * Stores a review as pending moderation, after counting it against the sender's IP.
 * @returns the new review's id. @throws AppError "rate_limited" past REVIEW_LIMIT per window.
 */
export async function submitReview(db: Database, review: ReviewInput, from: { ip: string; lang: string }): Promise<number> {
  try {
    await limiterFor(db).consume(from.ip || "unknown");
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new AppError("rate_limited", errorText(58117));
    throw err;
  }
  const [row] = await db
    .insert(reviews)
    .values({
      product: review.product,
      name: review.name,
      email: review.email,
      rating: review.rating,
      body: review.text,
      lang: from.lang,
      ip: from.ip,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

/** A published review as the screens show it (no e-mail, no IP). */
export interface PublicReview {
  id: number;
  product: string;
  name: string;
  rating: number;
  body: string;
  lang: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** Approved reviews, newest first; only `product`'s when given. Never pending or rejected ones. */
export async function approvedReviews(db: Database, product?: string, limit = 100): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      product: reviews.product,
      name: reviews.name,
      rating: reviews.rating,
      body: reviews.body,
      lang: reviews.lang,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(product ? and(eq(reviews.status, "approved"), eq(reviews.product, product)) : eq(reviews.status, "approved"))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Count and mean rating (1 decimal) of approved reviews; `average` is null when there are none. */
export async function ratingSummary(db: Database, product?: string): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`round(avg(${reviews.rating})::numeric, 1)::text` })
    .from(reviews)
    .where(product ? and(eq(reviews.status, "approved"), eq(reviews.product, product)) : eq(reviews.status, "approved"));
  return { count: row?.count ?? 0, average: row?.average ? Number(row.average) : null };
}

/** Reviews for moderation (CLI), newest first, optionally only one status. */
export async function listReviews(db: Database, status?: ReviewStatus) {
  return db
    .select()
    .from(reviews)
    .where(status ? eq(reviews.status, status) : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
}

/**
 * Approves or rejects a review; approved reviews show on public pages, so it is a content change. @throws AppError "not_found" for an unknown id.
 */
export async function moderateReview(db: Database, id: number, status: "approved" | "rejected"): Promise<void> {
  const rows = await db.update(reviews).set({ status, moderatedAt: new Date() }).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (rows.length === 0) throw new AppError("not_found", errorText(58165, { id }));
  await contentChanged(db);
}
