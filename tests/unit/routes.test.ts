import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";
import { screens } from "../../common/screens.ts";

function toObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map(
    (e) => ({ id: e.id ?? e.file, path: e.path, index: e.index, children: e.children ? toObjects(e.children) : undefined }) as RouteObject,
  );
}
const tree = toObjects(routes);
/** Route id of the leaf that answers a path, and the params. */
function leaf(pathname: string) {
  const m = matchRoutes(tree, pathname);
  const last = m?.[m.length - 1];
  return { id: last?.route.id, params: last?.params ?? {}, chain: m?.map((x) => x.route.id) ?? [] };
}

const CONTROLLERS =
  "index, dsd-quick-tour, contacts, cases, case, about, client-testimonials, autoseo, autoseo-trial, fullseo, fullseo-checklist, autoseo-checklist, autoseo-client-reviews, e-commerce, seo-consultation, wechat, reseller-program, write-a-review, analytics, page-sidebar, best-pages, page-speed, analyzer, price, price-ai, payment-result, unsubscribe, payments, dedicated-seo-dashboard, lp-website-checker, addproject, addengine, start, popup, wow, dashboard, affiliate, affiliate-program, reports, support, ssl, privacy-policy, terms-of-service, public-offer-agreement, refund-policy, anti-spam-policy, settings, project, sproject, audit-request, request-backlinks, chat-client".split(
    ", ",
  );

describe("spec 2 Screens and routes — every route exists, with and without a language prefix", () => {
  const samples: Record<string, string> = {
    case: "/case/acme",
    "payment-result": "/payment-result/success",
    addengine: "/addengine/1,2",
    popup: "/popup/14",
  };
  it.each(CONTROLLERS.filter((c) => c !== "index"))("controller %s is recognised by the first path segment", (c) => {
    const path = samples[c] ?? `/${c}`;
    expect(leaf(path).id).not.toBe("not-found");
    expect(leaf(path).id).toBeDefined();
    if (c !== "unsubscribe") expect(leaf(`/de${path}`).id).toBe(leaf(path).id);
  });

  it("every screen of the catalogue is routed under its own id", () => {
    for (const s of screens) {
      const path = "/" + s.path.replace(/:(\w+)\?/g, "x").replace(/:(\w+)/g, "x");
      expect(leaf(path).id, path).toBe(s.id);
    }
  });

  it("index and language index", () => {
    expect(leaf("/").id).toBe("home");
    expect(leaf("/de")).toMatchObject({ id: "home", params: { lang: "de" } });
  });

  it("/unsubscribe has no language version", () => {
    expect(leaf("/unsubscribe").id).toBe("unsubscribe");
    expect(leaf("/de/unsubscribe").id).toBe("not-found");
  });

  it("blog routes: list, category, tag, search and post are separate screens", () => {
    expect(leaf("/blog").id).toBe("blog");
    expect(leaf("/blog/category/technical").id).toBe("blog-category");
    expect(leaf("/blog/tag/hreflang").id).toBe("blog-tag");
    expect(leaf("/blog/search").id).toBe("blog-search");
    expect(leaf("/blog/search/").id).toBe("blog-search");
    expect(leaf("/blog/how-to-fix-canonicals")).toMatchObject({ id: "blog-post", params: { post_slug: "how-to-fix-canonicals" } });
  });

  it("/worldwideseo/{url} and /worldseo/{url} render the same screen module", () => {
    expect(leaf("/worldwideseo/example.com").id).toBe("worldwideseo");
    expect(leaf("/worldseo/example.com").id).toBe("worldseo");
    const files = new Map(screens.map((s) => [s.id, s.module]));
    expect(files.get("worldwideseo")).toBe(files.get("worldseo"));
  });

  it("/price and /price-ai are the same pricing screen module", () => {
    const files = new Map(screens.map((s) => [s.id, s.module]));
    expect(files.get("price")).toBe(files.get("price-ai"));
  });

  it("project routes: /project, /project/group, /project/{idp} (redirect) and the same for sproject", () => {
    expect(leaf("/project").id).toBe("project");
    expect(leaf("/project/").id).toBe("project");
    expect(leaf("/project/group").id).toBe("project-group");
    expect(leaf("/project/42")).toMatchObject({ id: "project-idp", params: { idp: "42" } });
    expect(leaf("/sproject/42").id).toBe("sproject-idp");
    expect(leaf("/sproject/group").id).toBe("sproject-group");
    expect(leaf("/ua/project/42").id).toBe("project-idp");
  });

  it("reports routes, including /reports/{rpopup}/{sid}", () => {
    expect(leaf("/reports/edit/5").id).toBe("reports-edit");
    expect(leaf("/reports/delivery/edit/5").id).toBe("reports-delivery-edit");
    expect(leaf("/reports/white-label/new").id).toBe("reports-white-label-new");
    expect(leaf("/reports/download/77")).toMatchObject({ id: "reports-popup", params: { rpopup: "download", sid: "77" } });
  });

  it("payment-result takes an optional status", () => {
    expect(leaf("/payment-result").id).toBe("payment-result");
    expect(leaf("/payment-result/success")).toMatchObject({ id: "payment-result", params: { status: "success" } });
  });

  it("dashboard, popup and chat-client render without header and footer; others with", () => {
    for (const p of ["/dashboard", "/dashboard/3", "/de/dashboard/3", "/popup/14", "/chat-client"])
      expect(leaf(p).chain[0], p).toBe("routes/bare.tsx");
    for (const p of ["/", "/autoseo", "/whatsnew", "/worldseo/x.com", "/affiliate", "/project"])
      expect(leaf(p).chain[0], p).toBe("routes/site.tsx");
  });

  it("an unknown path falls to the not-found route inside the site layout (main page, 404)", () => {
    expect(leaf("/no/such/page").id).toBe("not-found");
    expect(leaf("/de/no-such-page").id).toBe("not-found");
    expect(leaf("/no/such/page").chain[0]).toBe("routes/site.tsx");
  });
});
