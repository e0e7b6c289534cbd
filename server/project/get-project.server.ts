import { and, desc, eq, or, type SQL } from "drizzle-orm";
import type { AnalyzerReport } from "../analyzer/types.ts";
import { pageAnalyses, projects, type AnalysisStatus } from "../db/schema.server.ts";
import { AppError } from "../errors.server.ts";
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

/** Who owns a project: the guest's visitor id, or the signed-in user (issue 5), or both. */
export function ownedBy(visitorId: string | null, userId: number | null | undefined): SQL | undefined {
  const owners: SQL[] = [];
  if (visitorId) owners.push(eq(projects.visitorId, visitorId));
  if (userId) owners.push(eq(projects.userId, userId));
  return owners.length ? or(...owners) : undefined;
}

/**
 * Loads a project owned by the visitor or by the signed-in user `userId`, with its latest analysis.
 * @throws AppError "not_found" when it does not exist or belongs to someone else.
 */
export async function getProject(
  services: Services,
  visitorId: string | null,
  projectId: number,
  userId?: number | null,
): Promise<ProjectView> {
  const owner = ownedBy(visitorId, userId);
  if (!owner) throw new AppError("not_found", "Project not found.", "idp");
  const [project] = await services.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), owner));
  if (!project) throw new AppError("not_found", "Project not found.", "idp");
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

/** The projects of the visitor and of the signed-in user `userId`, newest first. */
export async function listProjects(
  services: Services,
  visitorId: string | null,
  userId?: number | null,
): Promise<{ id: number; domain: string; url: string }[]> {
  const owner = ownedBy(visitorId, userId);
  if (!owner) return [];
  return services.db
    .select({ id: projects.id, domain: projects.domain, url: projects.url })
    .from(projects)
    .where(owner)
    .orderBy(desc(projects.id));
}
