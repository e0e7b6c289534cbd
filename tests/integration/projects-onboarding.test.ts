import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Owner } from "../../server/access/owner.server.ts";
import { audits, visitors } from "../../server/db/schema.server.ts";
import { addProject, addProjectSchema } from "../../server/project/add-project.server.ts";
import { createGroup } from "../../server/project/groups.server.ts";
import { listProjectCards } from "../../server/project/list-projects.server.ts";
import { onboardingSteps, registerOnboardingStep } from "../../server/project/onboarding.server.ts";
import { checkVerification, FILE_PATH, getVerification, META_NAME } from "../../server/project/verify-site.server.ts";
import type { Services } from "../../server/services.server.ts";
import { startTestServices } from "../helpers/services.ts";
import { serveTinySite } from "../helpers/tiny-site.ts";

describe("issue 8.6 spec 2 /addproject, /addproject/{vald}, /start", () => {
  let s: Services;
  let owner: Owner;
  let stranger: Owner;
  let token = "";
  // The site's published proofs, switched on per test.
  const published = { meta: "", file: "" };
  let site: Awaited<ReturnType<typeof serveTinySite>>;

  beforeAll(async () => {
    s = await startTestServices("pglite");
    const [a, b] = await s.db.insert(visitors).values([{}, {}]).returning({ id: visitors.id });
    owner = { visitorId: a!.id, userId: null };
    stranger = { visitorId: b!.id, userId: null };
    site = await serveTinySite();
    // Dynamic answers: the home page and the verification file carry what the test publishes.
    const handlers = site.server.listeners("request");
    site.server.removeAllListeners("request");
    site.server.on("request", (req, res) => {
      if (req.url === "/" && published.meta) {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(`<html><head><title>x</title>${published.meta}</head><body>hi</body></html>`);
      }
      if (req.url === FILE_PATH) {
        res.writeHead(published.file ? 200 : 404, { "content-type": "text/plain" });
        return res.end(published.file);
      }
      for (const h of handlers) (h as (...a: unknown[]) => void)(req, res);
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await s?.close();
  }, 60_000);

  it("/start: the steps in order, the first not done is current; a later tool can append a step", async () => {
    registerOnboardingStep({ id: "test-tool", order: 100, title: 1, how: 2, href: () => "/page-speed", done: async () => false });
    const before = await onboardingSteps({ services: s, owner });
    expect(before.map((x) => [x.id, x.done, x.current])).toEqual([
      ["add-site", false, true],
      ["engines", false, false],
      ["first-audit", false, false],
      ["verify", false, false],
      ["test-tool", false, false],
    ]);
  });

  it("/addproject: checks the domain (spec 5 errors naming the field), adds with name and group, the same site again gives the same project", async () => {
    expect(addProjectSchema.parse({ domain: " x.com ", groupId: "" })).toEqual({ domain: "x.com", name: "", groupId: 0 });
    await expect(addProject({ services: s, owner, domain: "", name: "", groupId: 0 })).rejects.toMatchObject({
      field: "domain",
      message: "Enter your domain",
    });
    await expect(addProject({ services: s, owner, domain: "10.0.0.1", name: "", groupId: 0 })).rejects.toMatchObject({ field: "domain" });
    const groupId = await createGroup({ services: s, owner, name: "Mine" });
    const strangerGroup = await createGroup({ services: s, owner: stranger, name: "Theirs" });
    const typed = site.origin.replace("http://", "");
    await expect(addProject({ services: s, owner, domain: typed, name: "T", groupId: strangerGroup })).rejects.toMatchObject({
      code: "not_found",
      field: "groupId",
    });
    const id = await addProject({ services: s, owner, domain: typed, name: "Tiny", groupId });
    expect(await addProject({ services: s, owner, domain: `${site.origin}/a.html`, name: "", groupId: 0 })).toBe(id);
    const [card] = await listProjectCards({ services: s, owner });
    expect(card).toMatchObject({ id, name: "Tiny", groupName: "Mine", url: `${site.origin}/`, domain: typed });
  });

  it("/addproject/{vald}: token shown, each of meta tag, file and DNS TXT verifies; the state is stored; others get 404", async () => {
    const [card] = await listProjectCards({ services: s, owner });
    const projectId = card!.id;
    const v = await getVerification({ services: s, owner, projectId });
    token = v.token;
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect((await getVerification({ services: s, owner, projectId })).token).toBe(token);
    await expect(getVerification({ services: s, owner: stranger, projectId })).rejects.toMatchObject({ code: "not_found", field: "vald" });
    await expect(checkVerification({ services: s, owner: stranger, projectId })).rejects.toMatchObject({ code: "not_found" });

    const noDns = async () => [["unrelated"]];
    const failed = await checkVerification({ services: s, owner, projectId, resolveTxt: noDns });
    expect(failed.verifiedAt).toBeNull();
    expect(Object.keys(failed.failures).sort()).toEqual(["dns", "file", "meta"]);

    published.meta = `<meta content="${token}" name="${META_NAME}">`;
    const byMeta = await checkVerification({ services: s, owner, projectId, resolveTxt: noDns });
    expect(byMeta).toMatchObject({ method: "meta", failures: {} });
    expect(byMeta.verifiedAt).not.toBeNull();
    expect((await getVerification({ services: s, owner, projectId })).method).toBe("meta");

    published.meta = "";
    published.file = `${token}\n`;
    expect((await checkVerification({ services: s, owner, projectId, resolveTxt: noDns })).method).toBe("file");
    published.file = "";
    const byDns = await checkVerification({
      services: s,
      owner,
      projectId,
      resolveTxt: async (host) => (host === "127.0.0.1" ? [["other"], [`${META_NAME}=`, token]] : []),
    });
    expect(byDns.method).toBe("dns");
  });

  it("/start resumes: steps done follow the owner's data", async () => {
    const [card] = await listProjectCards({ services: s, owner });
    await s.db
      .insert(audits)
      .values({ projectId: card!.id, startUrl: card!.url, settings: {}, status: "done", healthScore: 90, finishedAt: new Date() });
    const steps = await onboardingSteps({ services: s, owner });
    expect(steps.map((x) => [x.id, x.done, x.current])).toEqual([
      ["add-site", true, false],
      ["engines", false, true],
      ["first-audit", true, false],
      ["verify", true, false],
      ["test-tool", false, false],
    ]);
    expect(steps.find((x) => x.id === "verify")?.href).toBe(`/addproject/${card!.id}`);
  });
});
