import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentChanged } from "../../server/content/version.server.ts";
import { texts } from "../../server/db/schema.server.ts";
import { loadTexts } from "../../server/i18n/texts.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";

const ROUTES = path.resolve(import.meta.dirname, "../../app/routes");

/** A route module's `meta`, called as React Router calls it (only what the screens read). */
type Meta = (args: { matches: unknown[]; loaderData?: unknown }) => { title?: string }[];

/** The <title> of screen `module` for a reader with the shell texts of `lang` (the root loader's selection). */
async function titleOf(services: Services, lang: string, module: string, loaderData?: unknown): Promise<string> {
  const { meta } = (await import(`../../app/routes/${module}.tsx`)) as { meta: Meta };
  const root = { id: "root", loaderData: { lang, texts: await loadTexts(services.db, lang, { shell: true }) } };
  return meta({ matches: [root, { id: module, loaderData }], loaderData }).find((m) => m.title !== undefined)!.title!;
}

describe("issue 15.1 point 1: screen titles are texts in the reader's language", () => {
  let services: Services;
  beforeAll(async () => {
    services = await startTestServices("pglite");
    // A fixed German text for 50103, so the test does not depend on the translation's wording.
    await services.db
      .insert(texts)
      .values({ lang: "de", id: 50103, group: "projects", value: "SEO-Analyse" })
      .onConflictDoUpdate({ target: [texts.lang, texts.id], set: { value: sql`excluded.value` } });
    await contentChanged(services.db);
  }, 120_000);
  afterAll(async () => services?.close(), 60_000);

  // [module, loader data, English title (as before, or the screen's heading), German title]
  const CASES: [string, unknown, string, string][] = [
    ["addengine", undefined, "Search engines — Rankforge", "Suchmaschinen — Rankforge"],
    ["addproject", undefined, "Add a project — Rankforge", "Projekt hinzufügen — Rankforge"],
    [
      "addproject-vald",
      { verification: { domain: "e.com" } },
      "Verify that you own e.com — Rankforge",
      "Bestätigen Sie, dass e.com Ihnen gehört — Rankforge",
    ],
    ["affiliate", undefined, "Affiliate dashboard — Rankforge", "Affiliate-Dashboard — Rankforge"],
    ["checkout-sandbox", undefined, "Test payment — Rankforge", "Testzahlung — Rankforge"],
    ["delivery", undefined, "Scheduled delivery — Rankforge", "Geplanter Versand — Rankforge"],
    ["delivery-form", { pid: 3 }, "Edit the delivery — Rankforge", "Versand bearbeiten — Rankforge"],
    ["delivery-form", { pid: null }, "New delivery — Rankforge", "Neuer Versand — Rankforge"],
    [
      "payment-result",
      { order: { status: "paid" } },
      "Thank you! Your payment is complete. — Rankforge",
      "Vielen Dank! Ihre Zahlung ist abgeschlossen. — Rankforge",
    ],
    ["payments", undefined, "Payments — Rankforge", "Zahlungen — Rankforge"],
    ["project-groups", undefined, "Project groups — Rankforge", "Projektgruppen — Rankforge"],
    ["reports", undefined, "Reports — Rankforge", "Berichte — Rankforge"],
    ["reports-form", { pid: 7 }, "Edit the report — Rankforge", "Bericht bearbeiten — Rankforge"],
    ["reports-form", { pid: null }, "Create a report — Rankforge", "Bericht erstellen — Rankforge"],
    ["settings", undefined, "Settings — Rankforge", "Einstellungen — Rankforge"],
    ["start", undefined, "Get started — Rankforge", "Erste Schritte — Rankforge"],
    ["unsubscribe", undefined, "Unsubscribe — Rankforge", "Abbestellen — Rankforge"],
    ["white-label", undefined, "White-label profiles — Rankforge", "White-Label-Profile — Rankforge"],
    ["white-label-form", { pid: null }, "New profile — Rankforge", "Neues Profil — Rankforge"],
    ["dashboard", { view: "pick" }, "SEO dashboard — Rankforge", "SEO-Dashboard — Rankforge"],
    [
      "dashboard",
      { view: "dashboard", dashboard: { domain: "e.com", brand: { company: "Acme" } } },
      "e.com — Acme SEO dashboard",
      "e.com — Acme SEO-Dashboard",
    ],
    ["project", { view: "list" }, "Projects — Rankforge", "Projekte — Rankforge"],
    ["project", { view: "project", project: { domain: "e.com" } }, "e.com — SEO analysis — Rankforge", "e.com — SEO-Analyse — Rankforge"],
    ["rankings", { project: { domain: "e.com" } }, "e.com — Rankings — Rankforge", "e.com — Rankings — Rankforge"],
    ["chat-client", { lang: "de" }, "Chat with your manager — Rankforge", "Chat mit Ihrem Manager — Rankforge"],
    ["page-sidebar", undefined, "SEO tools — Rankforge", "SEO-Tools — Rankforge"],
  ];

  it.each(CASES)("%s (%j): English, then German", async (module, loaderData, english, german) => {
    const en = module === "chat-client" ? { lang: "en" } : loaderData;
    expect(await titleOf(services, "en", module, en)).toBe(english);
    expect(await titleOf(services, "de", module, loaderData)).toBe(german);
  });

  it("no screen's meta writes an English title: every route builds it from texts", () => {
    const literal = /title:\s*(["'`])(?!Rankforge)[A-Z][^"'`]*\1/;
    const offenders = readdirSync(ROUTES, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".tsx"))
      .filter((f) => {
        const src = readFileSync(path.join(ROUTES, f), "utf8");
        const meta = /export function meta[\s\S]*?\n}\n/.exec(src)?.[0] ?? "";
        return literal.test(meta) || /— (SEO analysis|Rankings) —/.test(meta);
      });
    // Development-only screens (/dev/outbox, /dev/clock: not localized, 404 in production) keep English.
    expect(offenders.sort()).toEqual(["dev-clock.tsx", "dev-outbox.tsx"]);
  });
});
