import type { Owner } from "../access/owner.server.ts";
import { pageAnalyses } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { QUEUES } from "../jobs/names.server.ts";
import type { Services } from "../services.server.ts";
import { isBanned } from "./check-site.server.ts";
import { createProject } from "./create-project.server.ts";
import { filterUrl } from "./filter-url.server.ts";

/** Answer of POST /api/project/add_site_wow (spec 7). */
export interface AddSiteAnswer {
  result: "ok" | "banned";
  ids_project: number[];
  analysisId?: number;
}

/** Input of {@link addSiteWow}: the owner (a guest has a visitor id), the typed address, spec 3 tracking info. */
export interface AddSiteOptions {
  services: Services;
  owner: Owner;
  page: string;
  tracking?: Record<string, string> | undefined;
  /** Project name and group (issue 8.6 /addproject). */
  name?: string | undefined;
  groupId?: number | null | undefined;
}

/**
 * Adds a site as a project of the owner (the signed-in user, else the guest visitor) and queues the
 * home-page analysis job (issue "Foundation" part 4). A site the owner already has (same normalised
 * site, issue 8.5) is not added again: its project id is answered and nothing is queued. The job
 * carries only the analysis id, so running it twice does no harm.
 * @throws AppError "validation" (field "page") for an invalid address.
 */
export async function addSiteWow({ services, owner, page, tracking, name, groupId }: AddSiteOptions): Promise<AddSiteAnswer> {
  const filtered = filterUrl(page, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS, field: "page" });
  const url = new URL(filtered.url);
  if (await isBanned(services, url.hostname)) return { result: "banned", ids_project: [] };
  const { projectId, created } = await createProject({ services, owner, url: filtered.url, tracking, name, groupId });
  if (!created) return { result: "ok", ids_project: [projectId] };
  const [analysis] = await services.db.insert(pageAnalyses).values({ projectId, url: filtered.url }).returning({ id: pageAnalyses.id });
  const analysisId = analysis!.id;
  const jobId = await services.jobs.send(
    QUEUES.analyzePage,
    { analysisId },
    { singletonKey: `analysis-${analysisId}`, retryLimit: 2, retryDelay: 5 },
  );
  if (!jobId) throw new AppError("internal", errorText(58130));
  return { result: "ok", ids_project: [projectId], analysisId };
}
