import { z } from "zod";
import { AppError, errorText } from "../errors.server.ts";
import { flagSvg } from "../phone/flags.server.ts";
import { isValidPhone } from "../phone/validate.server.ts";
import { route, type ApiRoute } from "./route.server.ts";

/** Routes under /api/phone: the validity check (spec 5, 7) and the phone input's flags. */
export const phoneRoutes: ApiRoute[] = [
  route({
    method: "get",
    path: "/phone/validate",
    tag: "phone",
    summary: "Spec 7 phone validation: `number` (digits; spaces and plus signs are stripped), up to 250 characters",
    input: z.object({ number: z.string().max(250).default("") }),
    access: { kind: "public" },
    handle: ({ input }) => ({ valid: isValidPhone(input.number) }),
  }),
  route({
    method: "get",
    path: "/phone/flag/:file{[A-Za-z]{2}\\.svg}",
    tag: "phone",
    summary: "A country's flag for the phone input (SVG)",
    input: z.object({ file: z.string().regex(/^[A-Za-z]{2}\.svg$/) }),
    access: { kind: "public" },
    produces: "image/svg+xml",
    handle: ({ c, input }) => {
      const svg = flagSvg(input.file.slice(0, 2).toUpperCase());
      if (!svg) throw new AppError("not_found", errorText(58122), "file");
      return c.body(svg, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=31536000, immutable" });
    },
  }),
];
