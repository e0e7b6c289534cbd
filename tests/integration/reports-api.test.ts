import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DownloadItem } from "../../common/reports/status.ts";
import { createApi } from "../../server/api/index.server.ts";
import {
  deliveries,
  deliveryRuns,
  emailAttachments,
  emails,
  projects,
  reportFiles,
  users,
  whiteLabels,
} from "../../server/db/schema.server.ts";
import { closePdfBrowser } from "../../server/pdf/print.server.ts";
import { createReport } from "../../server/reports/definitions.server.ts";
import { RUN_ATTEMPTS, runDelivery, saveDelivery, deliverySchema } from "../../server/reports/delivery.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { guestWithProject, seedAudit, seedSearchConsole } from "../helpers/report-data.ts";
import { waitFor } from "../helpers/wait.ts";

type Json = Record<string, unknown>;

/** The text of a PDF, pages joined. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe.each(databaseKinds)("issue 11 report calls (spec 7) on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let me: Awaited<ReturnType<typeof guestWithProject>>;
  let other: Awaited<ReturnType<typeof guestWithProject>>;

  beforeAll(async () => {
    services = await startTestServices(kind);
    api = createApi(services);
    me = await guestWithProject(services, "example.com");
    other = await guestWithProject(services, "other.example");
    const day = 86_400_000;
    await seedAudit(services.db, { projectId: me.projectId, pages: 60, healthScore: 71, finishedAt: new Date(Date.now() - 7 * day) });
    await seedAudit(services.db, { projectId: me.projectId, pages: 60, healthScore: 78, finishedAt: new Date(), spread: 12 });
    await seedSearchConsole(services.db, me.projectId, new Date(), 30);
  }, 120_000);
  afterAll(async () => {
    await closePdfBrowser();
    await services?.close();
  }, 60_000);

  const call = async (who: { cookie: string } | null, method: string, p: string, body?: unknown) =>
    api.request(p, {
      method,
      headers: { "content-type": "application/json", ...(who ? { cookie: who.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const status = async (who: { cookie: string }, idrg?: number | number[]) =>
    (
      (await (await call(who, "POST", "/reports/download_status", idrg === undefined ? {} : { idrg })).json()) as {
        result: boolean;
        items: DownloadItem[];
      }
    ).items;
  const untilDone = (who: { cookie: string }, id: number) =>
    waitFor(async () => {
      const [item] = await status(who, id);
      return item?.st === 1 ? item : null;
    }, 60_000);

  it("POST /api/reports/download_status and GET /api/download/report{link}: a website-audit PDF is made, followed and downloaded", async () => {
    const { id, fileId } = await createReport({
      services,
      owner: me.owner,
      input: { idp: me.projectId, type: "wa", format: "pdf", periodDays: 30, whiteLabelId: null },
    });
    const first = await status(me, fileId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ id: fileId, idr: id, idrbs: 0, type: "wa", format: "pdf", send: 0 });
    expect(Object.keys(first[0]!).sort()).toEqual([
      "filename",
      "format",
      "id",
      "idr",
      "idrbs",
      "link",
      "pr",
      "progress",
      "send",
      "st",
      "type",
    ]);
    const done = await untilDone(me, fileId);
    expect(done).toMatchObject({ st: 1, pr: 100, progress: 100 });
    expect(done.link).toMatch(/^\/\d+\.\d+\./);
    const check = await call(null, "POST", `/download/report${done.link}`);
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ result: true, filename: done.filename });
    const file = await call(null, "GET", `/download/report${done.link}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await file.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    for (const words of [
      "Website audit",
      "example.com",
      "Site health",
      "Health score",
      "Issues found",
      "Site structure",
      "Made with Rankforge",
    ])
      expect(text, words).toContain(words);
    const forged = await call(null, "GET", `/download/report${done.link.slice(0, -3)}abc`);
    expect(forged.status).toBe(404);
    expect(((await forged.json()) as { error: { field: string } }).error.field).toBe("link");
  }, 120_000);

  it("XLSX and CSV carry the report's tables (issues, chart data)", async () => {
    const x = await createReport({
      services,
      owner: me.owner,
      input: { idp: me.projectId, type: "fs", format: "xlsx", periodDays: 30, whiteLabelId: null },
    });
    const c = await createReport({
      services,
      owner: me.owner,
      input: { idp: me.projectId, type: "bp", format: "csv", periodDays: 30, whiteLabelId: null },
    });
    const xlsx = await untilDone(me, x.fileId);
    const csv = await untilDone(me, c.fileId);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await (await call(null, "GET", `/download/report${xlsx.link}`)).arrayBuffer()) as never);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "Site health",
      "Issues",
      "Search traffic",
      "Rankings",
      "Competitors",
      "Page speed",
    ]);
    const text = await (await call(null, "GET", `/download/report${csv.link}`)).text();
    expect(text).toContain("https://example.com/blog");
    expect(text).toContain("Clicks");
  }, 120_000);

  it("POST /api/reports/close_report sets st 3 and hides the item from the open list", async () => {
    const { fileId } = await createReport({
      services,
      owner: me.owner,
      input: { idp: me.projectId, type: "ch", format: "csv", periodDays: 7, whiteLabelId: null },
    });
    await untilDone(me, fileId);
    expect((await status(me)).map((i) => i.id)).toContain(fileId);
    expect((await call(other, "POST", "/reports/close_report", { idrg: fileId })).status).toBe(404);
    const res = await call(me, "POST", "/reports/close_report", { idrg: fileId });
    expect(await res.json()).toEqual({ result: true });
    expect((await status(me, fileId))[0]!.st).toBe(3);
    expect((await status(me)).map((i) => i.id)).not.toContain(fileId);
  }, 120_000);

  it("another owner's ids are refused (404 naming the field) and left out of download_status", async () => {
    const { id, fileId } = await createReport({
      services,
      owner: me.owner,
      input: { idp: me.projectId, type: "co", format: "csv", periodDays: 7, whiteLabelId: null },
    });
    expect(await status(other, fileId)).toEqual([]);
    for (const [path, body, field] of [
      ["/reports/delete_report", { id }, "id"],
      ["/reports/generate", { id }, "id"],
      ["/reports/close_report", { idrg: fileId }, "idrg"],
    ] as const) {
      const res = await call(other, "POST", path, body);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const bad = await call(me, "POST", "/reports/delete_report", { id: "x" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe("id");
  });

  it("POST /api/reports/delete_report removes the report and its files", async () => {
    const { id, fileId } = await createReport({
      services,
      owner: me.owner,
      input: { idp: me.projectId, type: "ps", format: "csv", periodDays: 7, whiteLabelId: null },
    });
    const res = await call(me, "POST", "/reports/delete_report", { id });
    expect(await res.json()).toEqual({ result: true });
    expect(await status(me, fileId)).toEqual([]);
    expect((await call(me, "POST", "/reports/delete_report", { id })).status).toBe(404);
  });

  it("POST /api/reports/delete_white_label removes the profile (another owner's refused)", async () => {
    const [w] = await services.db.insert(whiteLabels).values({ company: "Acme SEO", visitorId: me.owner.visitorId }).returning();
    expect((await call(other, "POST", "/reports/delete_white_label", { id: w!.id })).status).toBe(404);
    expect(await (await call(me, "POST", "/reports/delete_white_label", { id: w!.id })).json()).toEqual({ result: true });
    expect(await services.db.select().from(whiteLabels).where(eq(whiteLabels.id, w!.id))).toEqual([]);
  });

  it("a delivery run e-mails the report attached, flags it sent (idr 0, idrbs > 0), and delete_delivery removes it", async () => {
    const [w] = await services.db
      .insert(whiteLabels)
      .values({ company: "Acme SEO", visitorId: me.owner.visitorId, hideBrand: true })
      .returning();
    const input = deliverySchema.parse({
      idp: me.projectId,
      frequency: "weekly",
      weekday: "1",
      time: "08:30",
      timeZone: "Europe/Kyiv",
      recipients: "client@example.org, boss@example.org",
      types: ["wa"],
      format: "pdf",
      periodDays: "30",
      whiteLabelId: String(w!.id),
    });
    const deliveryId = await saveDelivery({ services, owner: me.owner, input });
    await runDelivery(services, deliveryId, { id: "test-run-1" });
    const sent = (await status(me)).find((i) => i.idrbs === deliveryId)!;
    expect(sent).toMatchObject({ idr: 0, st: 1, progress: 100, send: 1 });
    const mails = await services.db.select().from(emails).where(eq(emails.toAddress, "client@example.org"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Website audit");
    expect(mails[0]!.html).toContain("Acme SEO");
    const files = await services.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mails[0]!.id));
    expect(files.map((f) => f.contentType)).toEqual(["application/pdf"]);
    const text = await pdfText(files[0]!.content);
    expect(text).toContain("Acme SEO");
    expect(text).not.toContain("Rankforge");
    expect((await call(other, "POST", "/reports/delete_delivery", { id: deliveryId })).status).toBe(404);
    expect(await (await call(me, "POST", "/reports/delete_delivery", { id: deliveryId })).json()).toEqual({ result: true });
    const [file] = await services.db.select({ deliveryId: reportFiles.deliveryId }).from(reportFiles).where(eq(reportFiles.id, sent.id));
    expect(file!.deliveryId).toBeNull();
  }, 120_000);

  it("issue 15.1 point 3: the last failed delivery run e-mails the owner a text in their language, the technical reason stays in the run", async () => {
    const owner = await guestWithProject(services, "fehler.example");
    const input = deliverySchema.parse({
      idp: owner.projectId,
      frequency: "weekly",
      weekday: "1",
      time: "08:30",
      timeZone: "Europe/Berlin",
      recipients: "kunde@example.org",
      types: ["wa"],
      format: "csv",
      periodDays: "7",
      whiteLabelId: "",
    });
    const deliveryId = await saveDelivery({ services, owner: owner.owner, input });
    const [user] = await services.db.insert(users).values({ email: "besitzer@example.org", lang: "de" }).returning({ id: users.id });
    await services.db.update(projects).set({ userId: user!.id }).where(eq(projects.id, owner.projectId));
    // A type the file table refuses (NOT NULL) makes the run fail with a database error; this is its last attempt.
    await services.db
      .update(deliveries)
      .set({ types: [null as never] })
      .where(eq(deliveries.id, deliveryId));
    await services.db.insert(deliveryRuns).values({ deliveryId, jobId: "fail-1", attempts: RUN_ATTEMPTS - 1 });
    await expect(runDelivery(services, deliveryId, { id: "fail-1" })).rejects.toThrow();
    const [run] = await services.db.select().from(deliveryRuns).where(eq(deliveryRuns.jobId, "fail-1"));
    expect(run!.status).toBe("failed");
    expect(run!.error).toBeTruthy();
    const [mail, ...more] = await services.db.select().from(emails).where(eq(emails.toAddress, "besitzer@example.org"));
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Eine Berichtszustellung für fehler.example ist fehlgeschlagen");
    expect(mail!.text).toContain("Der Bericht konnte nicht erstellt oder gesendet werden.");
    expect(mail!.text).not.toContain(run!.error!);
    expect(mail!.text).not.toContain("Grund:");
  }, 120_000);

  it("unknown methods answer JSON 405", async () => {
    const res = await call(me, "GET", "/reports/download_status");
    expect(res.status).toBe(405);
    expect((await res.json()) as Json).toHaveProperty("error");
  });
});
