/**
 * A project's search engines (issue 10 point 1, spec 2 /addengine/{ids}, spec 3 "ids = search
 * engines"): add, list, remove. An engine is a type (google, bing, yandex), a country, a language,
 * an optional city and a device.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { rankEngines, type EngineType, type RankDevice } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { DEVICES, ENGINE_TYPES } from "../../common/rank.ts";
import { cityByCode, countryName, isLanguage } from "./locations.server.ts";

/** Input of adding an engine (the /addengine form and POST /api/rank/engines). */
export const engineInputSchema = z.object({
  engine: z.enum(ENGINE_TYPES),
  country: z
    .string()
    .trim()
    .length(2)
    .transform((s) => s.toUpperCase())
    .refine((c) => countryName(c) !== null, { message: "unknown country", params: { text: 58033 } }),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .refine((l) => isLanguage(l), { message: "unknown language", params: { text: 58030 } }),
  /** GeoNames id of the city; empty for the whole country. */
  locationCode: z
    .union([z.literal("").transform(() => null), z.coerce.number().int().positive()])
    .nullable()
    .default(null),
  device: z.enum(DEVICES),
});

/** A search engine as screens and the API show it. */
export interface EngineView {
  id: number;
  engine: EngineType;
  country: string;
  countryName: string;
  language: string;
  locationCode: number | null;
  location: string;
  device: RankDevice;
}

const view = (r: typeof rankEngines.$inferSelect): EngineView => ({
  id: r.id,
  engine: r.engine,
  country: r.country,
  countryName: countryName(r.country) ?? r.country,
  language: r.language,
  locationCode: r.locationCode,
  location: r.location,
  device: r.device,
});

/** Owner and project of an engine call. */
export interface ProjectScope {
  services: Services;
  owner: Owner;
  projectId: number;
}

/** The project's engines, oldest first. @throws AppError not_found (idp). */
export async function listEngines(opts: ProjectScope): Promise<EngineView[]> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "project", id: opts.projectId, action: "read", field: "idp" });
  const rows = await opts.services.db
    .select()
    .from(rankEngines)
    .where(eq(rankEngines.projectId, opts.projectId))
    .orderBy(asc(rankEngines.id));
  return rows.map(view);
}

/**
 * Adds an engine to the project (an existing identical one is returned as is).
 * @throws AppError not_found (idp); validation (locationCode) for a city of another country.
 */
export async function addEngine(opts: ProjectScope & { input: z.output<typeof engineInputSchema> }): Promise<EngineView> {
  const { services, input } = opts;
  await authorize({ db: services.db, owner: opts.owner, resource: "project", id: opts.projectId, action: "change", field: "idp" });
  let location = "";
  if (input.locationCode !== null) {
    const city = cityByCode(input.locationCode);
    if (!city || city.country !== input.country) throw new AppError("validation", errorText(58133), "locationCode");
    location = city.canonical;
  }
  const values = { projectId: opts.projectId, ...input, location };
  const [row] = await services.db.insert(rankEngines).values(values).onConflictDoNothing().returning();
  if (row) return view(row);
  const [existing] = await services.db
    .select()
    .from(rankEngines)
    .where(
      and(
        eq(rankEngines.projectId, opts.projectId),
        eq(rankEngines.engine, input.engine),
        eq(rankEngines.country, input.country),
        eq(rankEngines.language, input.language),
        eq(rankEngines.location, location),
        eq(rankEngines.device, input.device),
      ),
    );
  return view(existing!);
}

/** Removes an engine and its history. @throws AppError not_found (engineId). */
export async function removeEngine(opts: { services: Services; owner: Owner; engineId: number }): Promise<void> {
  await authorize({ db: opts.services.db, owner: opts.owner, resource: "engine", id: opts.engineId, action: "delete" });
  await opts.services.db.delete(rankEngines).where(eq(rankEngines.id, opts.engineId));
}

/** The engine ids of the `ids` path parameter of /addengine/{ids} (spec 2, 3): ids joined by "," ("new": none). */
export function parseEngineIds(ids: string): number[] {
  return [
    ...new Set(
      ids
        .split(/[,*]/)
        .map(Number)
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ].slice(0, 100);
}

/** The engines named by ids that the owner may read; unknown or foreign ids are dropped (never revealed). */
export async function enginesByIds(opts: { services: Services; owner: Owner; ids: number[] }): Promise<EngineView[]> {
  if (opts.ids.length === 0) return [];
  const rows = await opts.services.db.select().from(rankEngines).where(inArray(rankEngines.id, opts.ids));
  const out: EngineView[] = [];
  for (const r of rows) {
    try {
      await authorize({ db: opts.services.db, owner: opts.owner, resource: "engine", id: r.id, action: "read" });
      out.push(view(r));
    } catch {
      // not the owner's: skipped, never revealed
    }
  }
  return out;
}
