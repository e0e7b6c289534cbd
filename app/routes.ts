import { layout, route, type RouteConfig } from "@react-router/dev/routes";
import { screens } from "../common/screens.ts";

/**
 * Route config mirroring spec section 2. Every localized route exists twice through React
 * Router's optional segment `:lang?` (e.g. /autoseo and /de/autoseo); the language is checked
 * against the supported list in routes/site.tsx. /unsubscribe has no language version.
 */
const withLang = (path: string, localized = true) => (localized ? `:lang?/${path}` : path);

const site = screens.filter((s) => s.layout === "site" && !s.tool);
const tools = screens.filter((s) => s.layout === "site" && s.tool);
const bare = screens.filter((s) => s.layout === "bare");

export default [
  route(":lang?/blog/feed.xml", "routes/blog/feed.ts", { id: "blog-feed" }),
  layout("routes/site.tsx", [
    route(":lang?", "routes/home.tsx", { id: "home" }),
    layout("routes/tools.tsx", [
      route(withLang("project"), "routes/project.tsx", { id: "project" }),
      route(withLang("sproject"), "routes/project.tsx", { id: "sproject" }),
      ...tools.map((s) => route(withLang(s.path, s.localized), s.module, { id: s.id })),
    ]),
    route(withLang("project/:idp"), "routes/project-redirect.tsx", { id: "project-idp" }),
    route(withLang("sproject/:idp"), "routes/project-redirect.tsx", { id: "sproject-idp" }),
    ...site.map((s) => route(withLang(s.path, s.localized), s.module, { id: s.id })),
    route(withLang("checkout/sandbox"), "routes/checkout-sandbox.tsx", { id: "checkout-sandbox" }),
    route("dev/outbox", "routes/dev-outbox.tsx", { id: "dev-outbox" }),
    route("dev/clock", "routes/dev-clock.tsx", { id: "dev-clock" }),
    route(":lang?/*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout(
    "routes/bare.tsx",
    bare.map((s) => route(withLang(s.path, s.localized), s.module, { id: s.id })),
  ),
] satisfies RouteConfig;
