import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "../../app/routes/website-checker.tsx";
import type { Owner } from "../../server/access/owner.server.ts";
import { startFormSchema } from "../../server/audit/start.server.ts";
import { visitors } from "../../server/db/schema.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveTinySite } from "../helpers/tiny-site.ts";

describe("issue 8.4 /website-checker action: zod schema beside the audit service, errors through actionError", () => {
  let s: Services;
  let site: Awaited<ReturnType<typeof serveTinySite>>;
  let owner: Owner;

  beforeAll(async () => {
    s = await startTestServices("pglite");
    site = await serveTinySite();
    const [v] = await s.db.insert(visitors).values({}).returning({ id: visitors.id });
    owner = { visitorId: v!.id, userId: null };
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await s?.close();
  }, 60_000);

  const post = async (fields: Record<string, string>) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, s);
    context.set(requestInfoContext, { visitorId: owner.visitorId, requestId: "t", ip: "", nonce: "", owner: async () => owner });
    const request = new Request("http://rankforge.test/website-checker", { method: "POST", body: new URLSearchParams(fields) });
    return (await action({ request, context, params: {} } as never)) as unknown;
  };

  it("the form schema: a typed site wins over the project; empty depth is unlimited; checkboxes send 1", () => {
    expect(startFormSchema.parse({ site: " a.com ", idp: "3", maxPages: "20", maxDepth: "", render: "1" })).toMatchObject({
      url: "a.com",
      projectId: undefined,
      settings: { maxPages: 20, maxDepth: null, render: true, checkExternal: false },
    });
    expect(startFormSchema.parse({ site: "", idp: "3", maxPages: "20", maxDepth: "2" })).toMatchObject({
      projectId: 3,
      settings: { maxDepth: 2 },
    });
  });

  it("bad input answers 4xx naming the field and shows the typed values again; a good site starts and redirects", async () => {
    const bad = (await post({ site: site.origin, maxPages: "0", maxDepth: "" })) as {
      init: { status: number };
      data: { error: { field: string }; values: { site: string } };
    };
    expect(bad.init.status).toBe(422);
    expect(bad.data.error.field).toBe("maxPages");
    expect(bad.data.values.site).toBe(site.origin);
    const invalid = (await post({ site: "nodot", maxPages: "5", maxDepth: "" })) as {
      init: { status: number };
      data: { error: { field: string; message: string } };
    };
    expect(invalid.init.status).toBe(422);
    expect(invalid.data.error).toMatchObject({ field: "url", message: "Enter your valid domain" });
    const cancel = (await post({ intent: "cancel", audit: "x" })) as { init: { status: number }; data: { error: { field: string } } };
    expect(cancel.data.error.field).toBe("audit");
    const ok = (await post({ site: `${site.origin}/`, maxPages: "5", maxDepth: "" })) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toMatch(/^\/website-checker\?audit=\d+$/);
  });
});
