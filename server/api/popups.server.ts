import { z } from "zod";
import { getCurrentUser } from "../auth/current-user.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { dismissFirstPopup } from "../popups/dismiss.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

/** Routes under /api/popups (docs/popups.md). */
export const popupsRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/popups/seen",
    tag: "popups",
    summary: "The signed-in user closed the popup of their first popup code (401 for guests)",
    input: z.object({ code: z.coerce.number().int().min(0).max(1000) }),
    access: { kind: "self" },
    handle: async ({ c, input, services }) => {
      const user = await getCurrentUser(c);
      if (!user) throw new AppError("unauthorized", errorText(58118));
      return { result: (await dismissFirstPopup(services.db, user.id, input.code)) ? "ok" : "unchanged" };
    },
  }),
];
