/**
 * White-label profiles (issue 11 point 5): company, logo, colours, contacts, footer text and
 * "hide our brand", used by reports, delivery e-mails and shared dashboards. Account-level: held
 * by the signed-in user, or by the guest visitor who made it.
 */
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Database } from "../db/client.server.ts";
import { whiteLabels } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";

/** Largest logo upload accepted, in bytes. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Logos are resized to fit this box (px), kept as PNG. */
export const LOGO_BOX = { width: 400, height: 160 };

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);

/** Form input of a white-label profile (the logo file is read separately). */
export const whiteLabelSchema = z.object({
  company: z.string().trim().min(1).max(120),
  colorPrimary: color.default("#1d4ed8"),
  colorAccent: color.default("#0f766e"),
  email: z.union([z.literal(""), z.string().trim().email().max(254)]).default(""),
  phone: z.string().trim().max(40).default(""),
  website: z.union([z.literal(""), z.string().trim().url().max(300)]).default(""),
  footerText: z.string().trim().max(500).default(""),
  hideBrand: z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean()).default(false),
  removeLogo: z.preprocess((v) => v === "on" || v === "1" || v === true, z.boolean()).default(false),
});
/** A validated white-label input. */
export type WhiteLabelInput = z.output<typeof whiteLabelSchema>;

/**
 * Checks an uploaded logo by its content (PNG, JPEG, WebP or GIF as the decoder sees it, not the
 * name or type the browser claims) and resizes it to fit {@link LOGO_BOX} as a PNG data URL.
 * @throws AppError validation (field logo) for an oversized or non-image file.
 */
export async function processLogo(bytes: Uint8Array): Promise<string> {
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError("validation", errorText(58145), "logo");
  // sharp is loaded on the first logo (~20 MB a web process that handles none should not hold, issue 14).
  const { default: sharp } = await import("sharp");
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
    if (!["png", "jpeg", "webp", "gif"].includes(meta.format ?? "")) throw new Error("format");
    const png = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString("base64")}`;
  } catch {
    throw new AppError("validation", errorText(58146), "logo");
  }
}

/** The owner's white-label profiles, newest first. */
export async function listWhiteLabels(o: { db: Database; owner: Owner }) {
  return o.db.select().from(whiteLabels).where(ownedBy(o.owner, whiteLabels)).orderBy(desc(whiteLabels.id));
}

/** One profile of the owner. @throws AppError not_found (field pid). */
export async function getWhiteLabel(o: { db: Database; owner: Owner; id: number }) {
  await authorize({ db: o.db, owner: o.owner, resource: "whiteLabel", id: o.id, action: "read", field: "pid" });
  const [w] = await o.db.select().from(whiteLabels).where(eq(whiteLabels.id, o.id));
  return w!;
}

/** Creates (no `id`) or changes a profile; `logo` is a processed data URL when a file was given. */
export async function saveWhiteLabel(o: {
  db: Database;
  owner: Owner;
  id?: number;
  input: WhiteLabelInput;
  logo?: string;
}): Promise<number> {
  const { removeLogo, ...fields } = o.input;
  const logo = o.logo ?? (removeLogo ? null : undefined);
  if (o.id === undefined) {
    if (!o.owner.userId && !o.owner.visitorId) throw new AppError("unauthorized", errorText(58147));
    const [row] = await o.db
      .insert(whiteLabels)
      .values({ ...fields, logo: logo ?? null, userId: o.owner.userId, visitorId: o.owner.userId ? null : o.owner.visitorId })
      .returning({ id: whiteLabels.id });
    return row!.id;
  }
  await authorize({ db: o.db, owner: o.owner, resource: "whiteLabel", id: o.id, action: "change", field: "pid" });
  await o.db
    .update(whiteLabels)
    .set({ ...fields, ...(logo !== undefined ? { logo } : {}) })
    .where(eq(whiteLabels.id, o.id));
  return o.id;
}

/** POST /api/reports/delete_white_label (spec 7). Reports using it fall back to the default branding. */
export async function deleteWhiteLabel(o: { db: Database; owner: Owner; id: number }): Promise<void> {
  await authorize({ db: o.db, owner: o.owner, resource: "whiteLabel", id: o.id, action: "delete" });
  await o.db.delete(whiteLabels).where(eq(whiteLabels.id, o.id));
}
