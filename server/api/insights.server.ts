import { z } from "zod";
import { requestLanguage } from "../i18n/error-texts.server.ts";
import { listInsights, setInsightState } from "../insights/list.server.ts";
import { route, type ApiRoute, owned } from "./route.server.ts";

const projectId = z.coerce.number().int().positive();

/** Routes under /api/insights (issue 12.4): a project's to-do list, and marking an item done, ignored or open again. */
export const insightsRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/insights",
    tag: "insights",
    summary: "A project's prioritised to-do list with evidence, expected impact and a link to fix each item",
    input: z.object({ projectId }),
    access: owned("project", "projectId", "read"),
    handle: async ({ c, input, services, owner }) => ({
      insights: await listInsights({ db: services.db, owner: await owner(), projectId: input.projectId, lang: requestLanguage(c.req.raw) }),
    }),
  }),
  route({
    method: "post",
    path: "/insights/state",
    tag: "insights",
    summary: "Mark an insight done or ignored (remembered across audits), or open it again",
    input: z.object({ projectId, key: z.string().min(1).max(2048), state: z.enum(["open", "done", "ignored"]) }),
    access: owned("project", "projectId", "change"),
    handle: async ({ input, services, owner }) => {
      await setInsightState({ db: services.db, owner: await owner(), projectId: input.projectId, key: input.key, state: input.state });
      return { key: input.key, state: input.state };
    },
  }),
];
