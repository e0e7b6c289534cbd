/**
 * A demo project for the product tour (scripts/tour-shots.ts): a guest's project on the reserved
 * domain garden-shop.example with six weekly audits, 90 days of Search Console rows, 28 days of
 * rank checks in two engines with a competitor, two rounds of page speed tests, and a shared
 * dashboard under an agency's white-label profile. Figures are made up but follow the product's
 * own rules (the audits' issues come from the real check catalogue; visibility is computed).
 */
import sharp from "sharp";
import {
  rankChecks,
  rankCompetitors,
  rankEngines,
  rankKeywords,
  searchConsoleProperties,
  searchConsoleRows,
} from "../server/db/schema.server.ts";
import type { Database } from "../server/db/client.server.ts";
import { shareSchema, updateShare } from "../server/reports/dashboard.server.ts";
import { processLogo, saveWhiteLabel, whiteLabelSchema } from "../server/reports/white-label.server.ts";
import type { Services } from "../server/services.server.ts";
import { guestWithProject, seedAudit } from "../tests/helpers/report-data.ts";
import { fixtureSpeedTest } from "../tests/helpers/speed-fixtures.ts";

/** The demo project's domain (RFC 2606 reserved: no real site is shown). */
export const DEMO_DOMAIN = "garden-shop.example";
const ORIGIN = `https://${DEMO_DOMAIN}`;
const DAY = 86_400_000;
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A deterministic pseudo-random sequence (same pictures on every run). */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

const KEYWORDS = [
  ["raised garden beds", 14, 4],
  ["organic potting soil", 9, 3],
  ["drip irrigation kit", 22, 8],
  ["compost bin", 31, 12],
  ["heirloom tomato seeds", 6, 2],
  ["garden tool set", 48, 19],
  ["greenhouse kit", 27, 15],
  ["rain barrel", 12, 7],
  ["pruning shears", 64, 38],
  ["bird feeder", 18, 21],
  ["lawn fertilizer", null, 44],
  ["garden hose reel", 35, 26],
] as const;

async function seedRankDemo(db: Database, projectId: number, now: number) {
  const engines = await db
    .insert(rankEngines)
    .values([
      { projectId, engine: "google", country: "US", language: "en", device: "desktop" as const },
      { projectId, engine: "google", country: "US", language: "en", device: "mobile" as const },
    ])
    .returning({ id: rankEngines.id });
  await db.insert(rankCompetitors).values({ projectId, domain: "rival-garden.example" });
  const rnd = random(7);
  const days = 28;
  for (const [keyword, from, to] of KEYWORDS) {
    const [k] = await db.insert(rankKeywords).values({ projectId, keyword }).returning({ id: rankKeywords.id });
    for (const [e, engine] of engines.entries()) {
      const rows = Array.from({ length: days }, (_, i) => {
        const share = i / (days - 1);
        const start = from ?? 101;
        const ideal = start + (to - start) * share + e * 2;
        const position = Math.max(1, Math.round(ideal + (rnd() - 0.5) * 3));
        return {
          projectId,
          keywordId: k!.id,
          engineId: engine.id,
          day: ymd(now - (days - 1 - i) * DAY),
          status: "ok" as const,
          position: position > 100 ? null : position,
          url: position > 100 ? null : `${ORIGIN}/${keyword.replaceAll(" ", "-")}`,
          competitors: { "rival-garden.example": Math.max(1, Math.round((from ?? 40) * 0.6 + rnd() * 4)) },
          provider: "demo",
        };
      });
      await db.insert(rankChecks).values(rows);
    }
  }
}

async function seedSearchConsoleDemo(db: Database, projectId: number, now: number) {
  await db.insert(searchConsoleProperties).values({ projectId, siteUrl: `sc-domain:${DEMO_DOMAIN}`, source: "import" });
  const rnd = random(11);
  const rows = [];
  for (let d = 89; d >= 0; d--) {
    const t = now - d * DAY;
    const weekday = new Date(t).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
    const growth = 1 + (89 - d) / 120;
    for (const [page, query, base] of [
      ["/", "garden shop", 60],
      ["/raised-garden-beds", "raised garden beds", 34],
      ["/blog/when-to-plant-tomatoes", "when to plant tomatoes", 22],
    ] as const) {
      const impressions = Math.round(base * 14 * growth * weekend * (0.9 + rnd() * 0.2));
      const clicks = Math.round(impressions * (0.045 + rnd() * 0.01));
      rows.push({ projectId, date: ymd(t), query, page: `${ORIGIN}${page}`, clicks, impressions, position: 6 + rnd() * 4 });
    }
  }
  await db.insert(searchConsoleRows).values(rows);
}

async function seedSpeedDemo(db: Database, projectId: number, now: number) {
  const pages = [
    ["/", 71, 92],
    ["/raised-garden-beds", 58, 84],
    ["/blog/when-to-plant-tomatoes", 83, 97],
    ["/cart", 64, 88],
    ["/greenhouse-kits", 47, 79],
    ["/about", 90, 99],
  ] as const;
  for (const [path, mobile, desktop] of pages) {
    const url = `${ORIGIN}${path}`;
    await fixtureSpeedTest(db, projectId, url, mobile - 9, 3900, new Date(now - 21 * DAY), null, { performance: desktop - 4, lcpMs: 1900 });
    await fixtureSpeedTest(db, projectId, url, mobile, 2400 + (100 - mobile) * 30, new Date(now - 2 * DAY), null, {
      performance: desktop,
      lcpMs: 1100 + (100 - desktop) * 20,
    });
  }
}

/** Seeds the demo project and shares its dashboard; returns the project id, the share token and the owner's cookie header. */
export async function seedDemoProject(services: Services, now = Date.now()): Promise<{ projectId: number; token: string; cookie: string }> {
  const { owner, projectId, cookie } = await guestWithProject(services, DEMO_DOMAIN);
  const db = services.db;
  const health = [58, 63, 61, 70, 76, 82];
  for (const [i, healthScore] of health.entries())
    await seedAudit(db, {
      projectId,
      pages: 320,
      healthScore,
      finishedAt: new Date(now - (health.length - 1 - i) * 7 * DAY - DAY),
      issueChecks: 16,
      spread: 5 + i * 2,
    });
  await seedSearchConsoleDemo(db, projectId, now);
  await seedRankDemo(db, projectId, now);
  await seedSpeedDemo(db, projectId, now);
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="120"><rect width="120" height="120" rx="24" fill="#15803d"/><path d="M60 24c-22 18-26 44-4 72 22-28 18-54 4-72z" fill="#fff"/><text x="140" y="80" font-family="sans-serif" font-size="52" font-weight="700" fill="#14532d">Greenleaf</text></svg>`;
  const logo = await processLogo(await sharp(Buffer.from(logoSvg)).png().toBuffer());
  const whiteLabelId = await saveWhiteLabel({
    db,
    owner,
    input: whiteLabelSchema.parse({
      company: "Greenleaf Digital",
      colorPrimary: "#15803d",
      colorAccent: "#0f766e",
      website: "https://greenleaf.example",
      email: "hello@greenleaf.example",
      hideBrand: "1",
    }),
    logo,
  });
  const share = await updateShare({ db, owner, projectId, input: shareSchema.parse({ intent: "share", whiteLabelId }) });
  return { projectId, token: share.token!, cookie };
}
