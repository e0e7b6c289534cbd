/**
 * /start onboarding (issue 8.6, spec 2): ordered steps, each done or not by the owner's data, so
 * the list resumes wherever the owner left it (nothing to store). Later tools add their steps with
 * {@link registerOnboardingStep} (e.g. rank tracking: "choose search engines") from their own module.
 */
import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { P } from "../../common/projects/text-ids.ts";
import type { Owner } from "../access/owner.server.ts";
import { ownedBy } from "../access/rule.server.ts";
import { audits, projects, projectVerifications } from "../db/schema.server.ts";
import type { Services } from "../services.server.ts";

/** What a step's `done` and `href` see: the owner and their project ids, newest first. */
export interface OnboardingContext {
  services: Services;
  owner: Owner;
  projectIds: number[];
}

/** One onboarding step. `order` places it (core steps use 10, 20, 30; later tools pick gaps or 100+). */
export interface OnboardingStep {
  id: string;
  order: number;
  /** Text ids of its title and one-line explanation. */
  title: number;
  how: number;
  /** Where the user does it (path without language prefix). */
  href(ctx: OnboardingContext): string;
  done(ctx: OnboardingContext): Promise<boolean>;
}

const steps: OnboardingStep[] = [];

/** Adds a step (a later registration of the same id replaces the earlier one). */
export function registerOnboardingStep(step: OnboardingStep): void {
  const at = steps.findIndex((s) => s.id === step.id);
  if (at >= 0) steps.splice(at, 1);
  steps.push(step);
  steps.sort((a, b) => a.order - b.order);
}

registerOnboardingStep({
  id: "add-site",
  order: 10,
  title: P.stepAddSite,
  how: P.stepAddSiteHow,
  href: () => "/addproject",
  done: async (ctx) => ctx.projectIds.length > 0,
});
registerOnboardingStep({
  id: "first-audit",
  order: 20,
  title: P.stepFirstAudit,
  how: P.stepFirstAuditHow,
  href: (ctx) => (ctx.projectIds[0] ? `/project?idp=${ctx.projectIds[0]}` : "/addproject"),
  done: async ({ services, projectIds }) => {
    if (projectIds.length === 0) return false;
    const [row] = await services.db
      .select({ n: count() })
      .from(audits)
      .where(and(inArray(audits.projectId, projectIds), eq(audits.status, "done")));
    return Number(row?.n ?? 0) > 0;
  },
});
registerOnboardingStep({
  id: "verify",
  order: 30,
  title: P.stepVerify,
  how: P.stepVerifyHow,
  href: (ctx) => (ctx.projectIds[0] ? `/addproject/${ctx.projectIds[0]}` : "/addproject"),
  done: async ({ services, projectIds }) => {
    if (projectIds.length === 0) return false;
    const [row] = await services.db
      .select({ n: count() })
      .from(projectVerifications)
      .where(and(inArray(projectVerifications.projectId, projectIds), isNotNull(projectVerifications.verifiedAt)));
    return Number(row?.n ?? 0) > 0;
  },
});

/** A step as the /start screen shows it. `current`: the first step not done. */
export interface OnboardingStepView {
  id: string;
  title: number;
  how: number;
  href: string;
  done: boolean;
  current: boolean;
}

/** The owner's onboarding, in order. */
export async function onboardingSteps({ services, owner }: { services: Services; owner: Owner }): Promise<OnboardingStepView[]> {
  const mine = await services.db.select({ id: projects.id }).from(projects).where(ownedBy(owner, projects)).orderBy(projects.id);
  const ctx: OnboardingContext = { services, owner, projectIds: mine.map((p) => p.id) };
  const done = await Promise.all(steps.map((s) => s.done(ctx)));
  const current = done.indexOf(false);
  return steps.map((s, i) => ({ id: s.id, title: s.title, how: s.how, href: s.href(ctx), done: done[i]!, current: i === current }));
}
