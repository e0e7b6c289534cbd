import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../server/api/index.server.ts";
import { emails, managers, requestSubjectTypes } from "../../server/db/schema.server.ts";
import { DEFAULT_MANAGER, SUBJECT_TYPES } from "../../server/db/reference-data.server.ts";
import { subjectLabel, subjectLabels } from "../../server/requests/subject-labels.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";

describe.each(databaseKinds)("issue 15.1 request subject labels (spec 3) in the reader's language on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let ip = 0;

  beforeAll(async () => {
    services = await startTestServices(kind);
    api = createApi(services);
  }, 180_000);
  afterAll(async () => {
    await services?.close();
  });

  /** A guest's request; it goes to the default manager (the guest's new account has no other). */
  const send = (typeRequest: number, email: string) =>
    api.request("/support/blockrequest", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++ip}` },
      body: JSON.stringify({
        email,
        username: "Gast",
        phone: "+44 20 7183 8750",
        message: "Bitte rufen Sie mich an.",
        page: "http://localhost:3000/de/seo-consultation",
        typeRequest,
        lang: "de",
      }),
    });
  const mailTo = async (to: string) => services.db.select().from(emails).where(eq(emails.toAddress, to));

  it("lists every value of the table with its German label, and keeps English for en", async () => {
    const de = await subjectLabels(services.db, "de");
    expect(de.map((s) => s.value)).toEqual(SUBJECT_TYPES.map((s) => s.id).sort((a, b) => a - b));
    expect(de.find((s) => s.value === 8)?.label).toBe("SEO-Promotion");
    expect(de.find((s) => s.value === 1)?.label).toBe("Kostenlose SEO-Beratung");
    const en = await subjectLabels(services.db, "en");
    expect(en.find((s) => s.value === 8)?.label).toBe("SEO promotion");
  });

  it("the table says which values exist: a value with no text keeps the table's label; an unknown value shows itself", async () => {
    await services.db.insert(requestSubjectTypes).values({ id: 99, label: "Local value" });
    try {
      expect(await subjectLabel(services.db, "de", 99)).toBe("Local value");
      expect(await subjectLabel(services.db, "de", 98)).toBe("98");
    } finally {
      await services.db.delete(requestSubjectTypes).where(eq(requestSubjectTypes.id, 99));
    }
    expect((await subjectLabels(services.db, "de")).some((s) => s.value === 99)).toBe(false);
  });

  it("a German-speaking manager's request e-mail names the subject in German", async () => {
    const german = eq(managers.isDefault, true);
    await services.db.update(managers).set({ workLang: "de" }).where(german);
    let id = 0;
    try {
      const res = await send(8, "anfrage-de@example.com");
      expect(res.status).toBe(200);
      id = ((await res.json()) as { data: { id: number } }).data.id;
    } finally {
      await services.db.update(managers).set({ workLang: DEFAULT_MANAGER.workLang }).where(german);
    }
    const mail = (await mailTo(DEFAULT_MANAGER.email)).find((m) => m.subject.includes(`#${id}`));
    expect(mail!.subject).toBe(`Neue Anfrage #${id}: SEO-Promotion`);
    expect(mail!.text).toContain("Betreff: SEO-Promotion (8)");
    expect(mail!.text).not.toContain("SEO promotion");
  });

  it("English stays for an English-speaking manager", async () => {
    const res = await send(16, "request-en@example.com");
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: number } };
    const mail = (await mailTo(DEFAULT_MANAGER.email)).find((m) => m.subject.includes(`#${data.id}`));
    expect(mail!.subject).toBe(`New request #${data.id}: SSL certificate`);
    expect(mail!.text).toContain("Subject: SSL certificate (16)");
  });
});
