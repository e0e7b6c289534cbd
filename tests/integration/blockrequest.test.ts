import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createApi } from "../../server/api/index.server.ts";
import type { CurrentUser } from "../../server/auth/current-user.server.ts";
import { analyticsEvents, bannedDomains, managerRequests, users } from "../../server/db/schema.server.ts";
import { getManagerRecord } from "../../server/manager/manager-record.server.ts";
import { assignManager, getManager } from "../../server/manager/get-manager.server.ts";
import { managers } from "../../server/db/schema.server.ts";
import { blockRequestSchema } from "../../server/requests/payload.server.ts";
import { checkRequestInput } from "../../server/requests/send-request.server.ts";
import { DEFAULT_MANAGER } from "../../server/db/reference-data.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { waitFor } from "../helpers/wait.ts";

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server collecting every message (smtp-server). */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  email: "member@example.com",
  name: "Member",
  emailVerified: true,
  phone: "",
  phoneCountryCode: "",
  company: "",
  lang: "en",
  datereg: new Date(),
  popups: [],
  noPrice: false,
  isSeo: false,
  licenseType: 0,
  emailOptOut: [],
  ...over,
});

describe("spec 5 blockrequest server rules", () => {
  const parse = (body: Record<string, unknown>) => blockRequestSchema.parse(body);
  const field = (fn: () => unknown) => {
    try {
      fn();
      return null;
    } catch (e) {
      return (e as { field?: string }).field ?? "thrown";
    }
  };
  const good = { username: "Ann", email: "ann@example.com", phone: "+44 20 7183 8750", message: "Hello" };
  it("guests give name, e-mail, a valid phone and a message; the e-mail must match the pattern", () => {
    expect(field(() => checkRequestInput(parse(good), null, { allowLoopback: false }))).toBeNull();
    expect(field(() => checkRequestInput(parse({ ...good, username: " " }), null, { allowLoopback: false }))).toBe("username");
    expect(field(() => checkRequestInput(parse({ ...good, email: "" }), null, { allowLoopback: false }))).toBe("email");
    expect(field(() => checkRequestInput(parse({ ...good, email: "nope" }), null, { allowLoopback: false }))).toBe("email");
    expect(field(() => checkRequestInput(parse({ ...good, phone: "+44 20" }), null, { allowLoopback: false }))).toBe("phone");
    expect(field(() => checkRequestInput(parse({ ...good, message: "" }), null, { allowLoopback: false }))).toBe("message");
  });
  it("a logged-in user on the support page gives only the message", () => {
    const only = parse({ message: "Help please", fromPage: "support" });
    expect(field(() => checkRequestInput(only, user(), { allowLoopback: false }))).toBeNull();
    expect(field(() => checkRequestInput(parse({ message: "", fromPage: "support" }), user(), { allowLoopback: false }))).toBe("message");
    expect(field(() => checkRequestInput(parse({ message: "x", page: "/de/support" }), user(), { allowLoopback: false }))).toBeNull();
    expect(field(() => checkRequestInput(parse({ message: "x" }), user(), { allowLoopback: false }))).toBe("phone");
  });
  it("start form: subject 17 needs a website and drops the e-mail; message optional when messageDisabled", () => {
    const start = { ...good, form: "start", typeRequest: 17, email: "" };
    expect(checkRequestInput(parse({ ...start, website: "example.org" }), null, { allowLoopback: false })).toEqual({ dropEmail: true });
    expect(field(() => checkRequestInput(parse({ ...start, website: "" }), null, { allowLoopback: false }))).toBe("website");
    expect(
      field(() =>
        checkRequestInput(parse({ ...good, form: "start", typeRequest: 3, message: "", messageDisabled: 1 }), null, {
          allowLoopback: false,
        }),
      ),
    ).toBeNull();
  });
  it("rejects unknown subject types and defaults typeRequest to 1", () => {
    expect(blockRequestSchema.safeParse({ typeRequest: 2 }).success).toBe(false);
    expect(parse({}).typeRequest).toBe(1);
  });
});

describe.each(databaseKinds)("spec 7 POST /api/support/blockrequest and /api/main/getmanager on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ip = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    services = await startTestServices(kind, { SMTP_URL: smtp.url });
    api = createApi(services);
  });
  afterAll(async () => {
    await services?.close();
    await smtp?.close();
  });

  const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api.request("/support/blockrequest", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${++ip}`, ...headers },
      body: JSON.stringify(body),
    });
  const payload = {
    idu: 0,
    email: "Guest.Buyer@example.com",
    username: "Guest Buyer",
    phone: "+44 20 7183 8750",
    message: "Please call me about SEO.",
    page: "http://localhost:3000/seo-consultation",
    idm: 0,
    u_tel: "",
    u_country_code: "GB",
    typeRequest: 8,
    custom: { plan: "fullseo-12m" },
    fromPage: "seo-consultation",
    tracking: { href: "http://localhost:3000/seo-consultation?utm_source=x", referrer: "https://search.example/", get: "", ref: "aff42" },
  };

  it("a guest's request creates the user once, stores it with its subject and tracking, e-mails the manager, records the event", async () => {
    const res = await send(payload, { cookie: "rf_get=utm_source%3Dsaved" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: string; data: { id: number }; newu: number };
    expect(body.result).toBe("ok");
    expect(body.newu).toBe(1);
    const [stored] = await services.db.select().from(managerRequests).where(eq(managerRequests.id, body.data.id));
    expect(stored).toMatchObject({
      subjectType: 8,
      email: "guest.buyer@example.com",
      countryCode: "GB",
      custom: '{"plan":"fullseo-12m"}',
      createdUser: 1,
    });
    expect(stored!.tracking).toEqual({ ...payload.tracking, get: "utm_source=saved" });
    const [created] = await services.db.select().from(users).where(eq(users.email, "guest.buyer@example.com"));
    expect(created).toMatchObject({ name: "Guest Buyer", phone: "+44 20 7183 8750" });
    expect(stored!.userId).toBe(created!.id);
    const mail = await waitFor(
      async () => smtp.received.find((m) => m.to.includes(DEFAULT_MANAGER.email) && m.raw.includes(`#${body.data.id}`)) ?? null,
    );
    expect(mail.raw).toContain("SEO promotion");
    expect(mail.raw).toContain("Please call me about SEO.");
    await waitFor(async () => smtp.received.find((m) => m.to.includes("guest.buyer@example.com")) ?? null);
    const [event] = await services.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, "manager_request"), eq(analyticsEvents.userId, created!.id)));
    expect(event).toMatchObject({ path: "/contacts", data: { requestId: body.data.id, subjectType: 8, newu: 1, ref: "aff42" } });

    const again = await send({ ...payload, email: "guest.buyer@example.com", message: "Second one" });
    expect(((await again.json()) as { newu: number }).newu).toBe(0);
    expect(await services.db.select().from(users).where(eq(users.email, "guest.buyer@example.com"))).toHaveLength(1);
  });

  it("bad payloads answer 422 naming the field and store nothing", async () => {
    const before = (await services.db.select().from(managerRequests)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...payload, phone: "123" }, "phone"],
      [{ ...payload, username: "" }, "username"],
      [{ ...payload, message: "  " }, "message"],
      [{ ...payload, email: "" }, "email"],
      [{ ...payload, typeRequest: 99 }, "typeRequest"],
      [{ ...payload, form: "start", typeRequest: 17, website: "not a site" }, "website"],
    ];
    for (const [body, fieldName] of cases) {
      const res = await send(body);
      expect(res.status, fieldName).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(fieldName);
    }
    expect(await services.db.select().from(managerRequests)).toHaveLength(before);
  });

  it("spec 4: a request for a banned website answers 403 on the website field and stores nothing", async () => {
    await services.db.insert(bannedDomains).values({ domain: "blocked-site.com", reason: "spam" });
    const before = (await services.db.select().from(managerRequests)).length;
    const res = await send({ ...payload, form: "start", typeRequest: 17, email: "", website: "https://www.blocked-site.com/shop" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe("website");
    expect(await services.db.select().from(managerRequests)).toHaveLength(before);
    const ok = await send({ ...payload, form: "start", typeRequest: 17, email: "", website: "https://fine-site.com/" });
    expect(ok.status).toBe(200);
  });

  it("accepts form posts and the top-level tracking fields", async () => {
    const form = new URLSearchParams({
      email: "form.user@example.com",
      username: payload.username,
      phone: payload.phone,
      message: payload.message,
      custom: "form",
      href: "http://x/y",
      ref: "r1",
      typeRequest: "3",
    });
    const res = await api.request("/support/blockrequest", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.7" },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { id: number } };
    const [row] = await services.db.select().from(managerRequests).where(eq(managerRequests.id, data.id));
    expect(row).toMatchObject({ subjectType: 3, custom: "form", tracking: { href: "http://x/y", ref: "r1", referrer: "", get: "" } });
  });

  it("limits requests per address (429 after five in ten minutes)", async () => {
    const headers = { "x-forwarded-for": "192.0.2.99" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send({ ...payload, email: `burst${i}@example.com` }, headers)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("getmanager answers the default manager for a guest with empty user fields", async () => {
    const res = await api.request("/main/getmanager", { method: "POST" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { default: { email: string } };
    expect(body).toMatchObject({ email: DEFAULT_MANAGER.email, whatsapp: DEFAULT_MANAGER.whatsapp, u_tel: "", u_email: "", idu: 0 });
    expect(body.default.email).toBe(DEFAULT_MANAGER.email);
    for (const k of [
      "u_id",
      "id",
      "img",
      "email_name",
      "email",
      "phone",
      "work_lang",
      "u_tel",
      "u_country_code",
      "u_username",
      "u_email",
      "whatsapp",
      "skype",
      "telegram",
      "viber",
      "zalo",
      "fb_messenger",
    ]) {
      expect(body, k).toHaveProperty(k);
    }
  });

  it("a user sees the assigned manager and their own phone fields", async () => {
    const [u] = await services.db
      .insert(users)
      .values({ email: "assigned@example.com", name: "Assigned", phone: "+49 30 123456", phoneCountryCode: "DE" })
      .returning();
    const [m] = await services.db
      .insert(managers)
      .values({ emailName: "Second Manager", email: "second@rankforge.com", telegram: "second_mgr" })
      .returning();
    expect((await getManager(services.db, u!.id)).email).toBe(DEFAULT_MANAGER.email);
    await assignManager(services.db, u!.id, m!.id);
    const record = await getManagerRecord(
      services.db,
      user({ id: u!.id, name: "Assigned", email: "assigned@example.com", phone: "+49 30 123456", phoneCountryCode: "DE" }),
    );
    expect(record).toMatchObject({
      id: m!.id,
      email: "second@rankforge.com",
      telegram: "second_mgr",
      u_tel: "+49 30 123456",
      u_country_code: "DE",
      u_username: "Assigned",
      idu: u!.id,
    });
    expect(record.default.email).toBe(DEFAULT_MANAGER.email);
  });
});
