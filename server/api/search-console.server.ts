import { z } from "zod";
import { addDays } from "../rank/day.ts";
import { chooseSite, consentUrl, handleCallback, importSearchAnalytics, listSites } from "../search-console/oauth.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";

const idp = z.object({ idp: z.coerce.number().int().positive() });
const tag = "search-console";
const on = (action: "read" | "change") => owned("project", "idp", action);

/**
 * Routes under /api/search-console (issue 10 point 4): connect with Google (redirect to consent),
 * the OAuth callback, the account's properties, choosing one, and an import of the last days.
 */
export const searchConsoleRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/search-console/connect",
    tag,
    summary: "Redirect to Google's consent screen to connect a project's Search Console",
    input: idp,
    access: on("change"),
    handle: async ({ c, input, services, owner }) => c.redirect(await consentUrl({ services, owner: await owner(), projectId: input.idp })),
  }),
  route({
    method: "get",
    path: "/search-console/callback",
    tag,
    summary: "Google's OAuth answer: stores the encrypted refresh token, then shows the rankings tab",
    input: z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(2048) }),
    access: { kind: "self" },
    handle: async ({ c, input, services }) => {
      const projectId = await handleCallback({ services, code: input.code, state: input.state });
      return c.redirect(`/project/rankings?idp=${projectId}&sc=connected`);
    },
  }),
  route({
    method: "get",
    path: "/search-console/sites",
    tag,
    summary: "The Search Console properties of the connected account",
    input: idp,
    access: on("read"),
    handle: async ({ input, services, owner }) => ({ sites: await listSites({ services, owner: await owner(), projectId: input.idp }) }),
  }),
  route({
    method: "post",
    path: "/search-console/property",
    tag,
    summary: "Choose the project's Search Console property",
    input: idp.extend({ siteUrl: z.string().min(1).max(2048) }),
    access: on("change"),
    handle: async ({ input, services, owner }) => (
      await chooseSite({ services, owner: await owner(), projectId: input.idp, siteUrl: input.siteUrl }),
      { saved: true }
    ),
  }),
  route({
    method: "post",
    path: "/search-console/import",
    tag,
    summary: "Import searchAnalytics rows of the last `days` days (default 30) now",
    input: idp.extend({ days: z.coerce.number().int().min(1).max(480).default(30) }),
    access: on("change"),
    handle: async ({ input, services }) => {
      const to = new Date().toISOString().slice(0, 10);
      return importSearchAnalytics({ services, projectId: input.idp, from: addDays(to, -input.days), to });
    },
  }),
];
