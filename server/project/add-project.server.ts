/**
 * /addproject (issue 8.6, spec 2): a domain checked like the start box (spec 5: https then http
 * when no scheme is typed, port kept), an optional name and group; the project is created (or the
 * owner's existing project of that site found) and its home page analysed.
 */
import { z } from "zod";
import type { Owner } from "../access/owner.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { addSiteWow } from "./add-site.server.ts";
import { checkSite } from "./check-site.server.ts";
import { MAX_NAME_LENGTH } from "./groups.server.ts";

/** The /addproject form. groupId "" or 0: no group. */
export const addProjectSchema = z.object({
  domain: z.string().trim().max(2048),
  name: z.string().trim().max(MAX_NAME_LENGTH).default(""),
  groupId: z.union([z.literal("").transform(() => 0), z.coerce.number().int().min(0)]).default(0),
});

/**
 * Checks and adds the site. @returns the project id (new, or the owner's existing one for the site).
 * @throws AppError "validation" (field "domain") for an invalid address ('Enter your domain' /
 *   'Enter your valid domain'), "unreachable" (field "domain") when the site does not answer,
 *   "forbidden" (field "domain") for a banned site, "not_found" (field "groupId") for a group not the owner's.
 */
export async function addProject(o: { services: Services; owner: Owner } & z.output<typeof addProjectSchema>): Promise<number> {
  const checked = await checkSite(o.services, { domain: o.domain });
  if (checked.result === "banned") throw new AppError("forbidden", errorText(58129), "domain");
  if (checked.result === "unreachable") throw new AppError("unreachable", errorText(58166, { domain: checked.domain }), "domain");
  const added = await addSiteWow({
    services: o.services,
    owner: o.owner,
    page: checked.page,
    name: o.name || undefined,
    groupId: o.groupId || null,
  });
  if (added.result === "banned") throw new AppError("forbidden", errorText(58129), "domain");
  return added.ids_project[0]!;
}
