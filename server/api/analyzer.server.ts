import { z } from "zod";
import { checkDomainInput } from "../../common/url-check.ts";
import { domainErrorText } from "../project/filter-url.server.ts";
import { analyzeUrl } from "../analyzer/analyze-url.server.ts";
import { AppError } from "../errors.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

/** Routes under /api/analyzer (issue 3): POST /analyze { url, render? } → { report, render, rendered }. */
export const analyzerRoutes: ApiRoute[] = [
  route({
    method: "post",
    path: "/analyzer/analyze",
    tag: "analyzer",
    summary: "Analyse one page (every on-page check), optionally rendered in Chromium as well",
    input: z.object({
      url: z.string().trim().min(1).max(2048),
      render: z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]).optional(),
    }),
    access: { kind: "public" },
    handle: async ({ c, input, services }) => {
      const allowPrivate = services.env.ALLOW_PRIVATE_NETWORKS;
      const checked = checkDomainInput(input.url, { allowLoopback: allowPrivate });
      if (!checked.ok) throw new AppError("validation", domainErrorText(checked.error), "url");
      const render = input.render === true || input.render === "1" || input.render === "true";
      c.header("cache-control", "no-store");
      return analyzeUrl(checked.url, { render, allowPrivate });
    },
  }),
];
