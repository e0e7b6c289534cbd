/** The branding of a white-label profile (issue 11 point 5), or Rankforge's own without one. */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { whiteLabels } from "../db/schema.server.ts";
import { type Branding, DEFAULT_BRANDING } from "./render-html.server.ts";

/** Branding of profile `id` (null or a deleted profile: the default). */
export async function brandingOf(db: Database, id: number | null): Promise<Branding> {
  if (id === null) return DEFAULT_BRANDING;
  const [w] = await db.select().from(whiteLabels).where(eq(whiteLabels.id, id));
  if (!w) return DEFAULT_BRANDING;
  return {
    company: w.company,
    logo: w.logo,
    colorPrimary: w.colorPrimary,
    colorAccent: w.colorAccent,
    email: w.email,
    phone: w.phone,
    website: w.website,
    footerText: w.footerText,
    hideBrand: w.hideBrand,
  };
}
