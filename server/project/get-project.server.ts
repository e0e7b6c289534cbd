import { and, desc, eq } from "drizzle-orm";
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

/**
 * Loads a project owned by the visitor, with its latest analysis.
 * @throws AppError "not_found" when it does not exist or belongs to someone else.
 */
export async function getProject(services: Services, visitorId: string | null, projectId: number): Promise<ProjectView> {
  if (!visitorId) throw new AppError("not_found", "Project not found.", "idp");
  const [project] = await services.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.visitorId, visitorId)));
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

/** The visitor's projects, newest first. */
export async function listProjects(services: Services, visitorId: string | null): Promise<{ id: number; domain: string; url: string }[]> {
  if (!visitorId) return [];
  return services.db
    .select({ id: projects.id, domain: projects.domain, url: projects.url })
    .from(projects)
    .where(eq(projects.visitorId, visitorId))
    .orderBy(desc(projects.id));
}
