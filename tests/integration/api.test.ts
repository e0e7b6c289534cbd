import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApi } from "../../server/api/index.server.ts";
import { bannedDomains } from "../../server/db/schema.server.ts";
import type { Services } from "../../server/services.server.ts";
import { databaseKinds, startTestServices } from "../helpers/services.ts";
import { serveStatic, testSitePath } from "../helpers/static-site.ts";

const SPEC_ALWAYS_IDS = [1262, 1263, 7898, 7899, 7900, 9767, 9787, 5823, 5824, 5826, 5827, 9954, 8709, 8710, 8711, 8712];

/** The home page's <title> and canonical, read from the file on disk. */
function homeFacts() {
  const html = readFileSync(path.join(testSitePath(), "index.html"), "utf8");
  const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  return { title };
}

describe.each(databaseKinds)("spec 7 API calls on %s", (kind) => {
  let services: Services;
  let api: ReturnType<typeof createApi>;
  let site: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    services = await startTestServices(kind);
    api = createApi(services);
    site = await serveStatic(testSitePath());
  });
  afterAll(async () => {
    await site?.close();
    await services?.close();
  });

  const post = (p: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.request(p, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  describe("POST /api/main/get", () => {
    it("returns texts by id with English fallback and the languages with their date-picker", async () => {
      const res = await post("/main/get", { datall: { lang: "de", groups: [], ids: [...SPEC_ALWAYS_IDS] } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        datall: Record<string, string>;
        languages: { lang: string; datepicker: { dateFormat: string } }[];
      };
      for (const id of SPEC_ALWAYS_IDS) expect(typeof body.datall[id], `text ${id}`).toBe("string");
      expect(body.languages).toHaveLength(42);
      expect(body.languages.find((l) => l.lang === "ru")?.datepicker.dateFormat).toBe("dd.mm.yyyy");
      expect(body.languages.find((l) => l.lang === "en")?.datepicker.dateFormat).toBe("mm/dd/yyyy");
    });

    it("lower-cases the language and accepts form posts with datall as JSON", async () => {
      const res = await api.request("/main/get", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ datall: JSON.stringify({ lang: "EN", ids: [1262] }) }).toString(),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { datall: Record<string, string> }).datall[1262]).toBe("Sign in");
    });

    it.each([
      [{}, "datall"],
      [{ datall: { lang: "xx" } }, "datall.lang"],
      [{ datall: { lang: "en", ids: ["abc"] } }, "datall.ids.0"],
    ])("rejects bad input %j with a 4xx naming the field", async (body, field) => {
      const res = await post("/main/get", body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe(field);
    });

    it("rejects a body that is not JSON with 400", async () => {
      const res = await api.request("/main/get", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("body");
    });
  });

  describe("POST /api/pagespeed/filter_url", () => {
    it("returns the filtered url and domain_before", async () => {
      const res = await post("/pagespeed/filter_url?url=" + encodeURIComponent("Example.COM/path"));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ url: "https://example.com/path", domain_before: "example.com" });
    });
    it.each([
      ["", "Enter your domain"],
      ["not a domain", "Enter your valid domain"],
      ["http://10.0.0.1/", "Enter your valid domain"],
      ["http://192.168.1.1:8080", "Enter your valid domain"],
    ])("rejects %j with '%s' on field url", async (url, message) => {
      const res = await post("/pagespeed/filter_url?url=" + encodeURIComponent(url));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: { code: "validation", message, field: "url" } });
    });
    it("rejects a missing url parameter naming the field", async () => {
      const res = await post("/pagespeed/filter_url");
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("url");
    });
  });

  describe("POST /api/project/check_site", () => {
    it("reports a reachable site with its final page", async () => {
      const res = await post("/project/check_site", { domain: "127.0.0.1", pagelink: site.origin + "/" });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ result: "reachable", page: site.origin + "/" });
    });
    it("reports a banned domain (popup type 4)", async () => {
      await services.db.insert(bannedDomains).values({ domain: "spam-example.com", reason: "test" }).onConflictDoNothing();
      const res = await post("/project/check_site", { domain: "www.spam-example.com", pagelink: "" });
      expect(await res.json()).toMatchObject({ result: "banned" });
      await services.db.delete(bannedDomains).where(eq(bannedDomains.domain, "spam-example.com"));
    });
    it("reports an unreachable site", async () => {
      const res = await post("/project/check_site", { domain: "127.0.0.1", pagelink: "http://127.0.0.1:59/" });
      expect(await res.json()).toMatchObject({ result: "unreachable" });
    });
    it("rejects a missing domain naming the field", async () => {
      const res = await post("/project/check_site", { pagelink: "x" });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("domain");
    });
  });

  describe("POST /api/project/add_site_wow → job → project status", () => {
    it("creates a project owned by the guest and the analysis job finishes with the real page facts", async () => {
      const res = await post("/project/add_site_wow", {
        page: site.origin + "/",
        tracking: { href: "http://x/", referrer: "", get: "utm_source=t", ref: "" },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: string; ids_project: number[] };
      expect(body.result).toBe("ok");
      expect(body.ids_project).toHaveLength(1);
      const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
      expect(cookie).toMatch(/^rf_vid=/);

      let status: { analysis: { status: string; progress: number; report: { page: { title: string } } | null } } | undefined;
      for (let i = 0; i < 60; i++) {
        const s = await api.request(`/project/status?idp=${body.ids_project[0]}`, { headers: { cookie } });
        expect(s.status).toBe(200);
        status = (await s.json()) as typeof status;
        if (status!.analysis.status === "done" || status!.analysis.status === "failed") break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(status!.analysis.status).toBe("done");
      expect(status!.analysis.progress).toBe(100);
      expect(status!.analysis.report!.page.title).toBe(homeFacts().title);
    });

    it("does not show a project to another visitor", async () => {
      const res = await post("/project/add_site_wow", { page: site.origin + "/" });
      const { ids_project } = (await res.json()) as { ids_project: number[] };
      const other = await api.request(`/project/status?idp=${ids_project[0]}`);
      expect(other.status).toBe(404);
    });

    it("rejects an invalid page naming the field", async () => {
      const res = await post("/project/add_site_wow", { page: "localhost.invalid..x" });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("page");
    });
    it("rejects a missing page naming the field", async () => {
      const res = await post("/project/add_site_wow", {});
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe("page");
    });
  });

  it("unknown API paths answer 404 JSON", async () => {
    const res = await api.request("/nope");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
  });
});
