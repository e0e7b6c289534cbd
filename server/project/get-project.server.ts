import { desc, eq } from "drizzle-orm";
import type { AnalyzerReport } from "../analyzer/types.ts";
import { pageAnalyses, projects, type AnalysisStatus } from "../db/schema.server.ts";
import type { Owner } from "../access/owner.server.ts";
import { authorize, ownedBy } from "../access/rule.server.ts";
import type { Services } from "../services.server.ts";

/** A project with its latest page analysis, as the project screen shows it. */
export interface ProjectView {
  id: number;
  domain: string;
  url: string;
  createdAt: string;
  analysis: {
    id: number;
    url: string;
    status: AnalysisStatus;
    /** Percent, 0-100. */
    progress: number;
    error: string | null;
    report: AnalyzerReport | null;
  } | null;
}

/** Input of {@link getProject}. */
export interface GetProjectOptions {
  services: Services;
  owner: Owner;
  projectId: number;
}

/**
 * Loads a project the owner may read (issue 8.1 access rule), with its latest analysis.
 * @throws AppError "not_found" (field "idp") when it does not exist or belongs to someone else.
 */
export async function getProject({ services, owner, projectId }: GetProjectOptions): Promise<ProjectView> {
  await authorize({ db: services.db, owner, resource: "project", id: projectId, action: "read" });
  const [project] = await services.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new Error(`project ${projectId} vanished`);
  const [analysis] = await services.db
    .select()
    .from(pageAnalyses)
    .where(eq(pageAnalyses.projectId, projectId))
    .orderBy(desc(pageAnalyses.id))
    .limit(1);
  return {
    id: project.id,
    domain: project.domain,
    url: project.url,
    createdAt: project.createdAt.toISOString(),
    analysis: analysis
      ? {
          id: analysis.id,
          url: analysis.url,
          status: analysis.status,
          progress: analysis.progress,
          error: analysis.error,
          report: (analysis.result as AnalyzerReport | null) ?? null,
        }
      : null,
  };
}

/** The projects the owner may see (issue 8.1 access rule), newest first. */
export async function listProjects({
  services,
  owner,
}: {
  services: Services;
  owner: Owner;
}): Promise<{ id: number; domain: string; url: string }[]> {
  return services.db
    .select({ id: projects.id, domain: projects.domain, url: projects.url })
    .from(projects)
    .where(ownedBy(owner, projects))
    .orderBy(desc(projects.id));
}
