import { Form } from "react-router";
import type { ComparisonScope } from "../../server/audit/compare.ts";
import type { AuditLimit } from "../../server/audit/limit.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { E } from "./engine-text-ids.ts";

/** The suggested next limit: double the last one, at most 100 000. */
export const nextLimit = (limit: AuditLimit) => Math.min(100_000, Math.max(limit.pageLimit * 2, limit.pageLimit + limit.pagesLeft));

/**
 * Says that an audit stopped at its page limit and how many URLs it left (issue 16.4 / 8.8), with a
 * form that continues the same audit with a higher limit (website-checker action, intent=continue).
 * `action` is the localized /website-checker path. Renders nothing when the limit was not reached.
 */
export function LimitNotice({ auditId, limit, action }: { auditId: number; limit: AuditLimit | null; action: string }) {
  const t = useT();
  const { lang } = useLang();
  if (!limit || limit.pagesLeft === 0) return null;
  return (
    <section className="card border-warn-100" role="status" data-testid="limit-notice">
      <p className="font-semibold text-ink-900">{fill(t(E.stoppedAtLimit), { limit: limit.pageLimit, left: limit.pagesLeft }, lang)}</p>
      <Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="continue" />
        <input type="hidden" name="audit" value={auditId} />
        <label className="grid gap-1 text-sm text-ink-700">
          {t(E.newLimit)}
          <input
            name="maxPages"
            type="number"
            min={limit.pageLimit + 1}
            max={100_000}
            defaultValue={nextLimit(limit)}
            className="w-36 rounded-md border border-ink-300 px-3 py-2"
          />
        </label>
        <button type="submit" className="btn-primary">
          {t(E.continueAudit)}
        </button>
      </Form>
      <p className="mt-2 text-sm text-ink-500">{t(E.continueHint)}</p>
    </section>
  );
}

/** One line saying over which URLs two audits were compared, when a URL was reached by only one of them (issue 16.2). */
export function ComparisonScopeNote({ scope }: { scope: ComparisonScope | null }) {
  const t = useT();
  const { lang } = useLang();
  if (!scope || scope.onlyPrevious + scope.onlyCurrent === 0) return null;
  return (
    <span className="mt-1 block text-xs text-ink-500" data-testid="comparison-scope">
      {fill(t(E.comparedOver), { common: scope.common, left: scope.onlyPrevious + scope.onlyCurrent }, lang)}
    </span>
  );
}

/** The project's line about a site larger than its last audit's limit (issue 16.4). */
export function ProjectLimitLine({ limit }: { limit: AuditLimit | null }) {
  const t = useT();
  const { lang } = useLang();
  if (!limit || limit.pagesLeft === 0) return null;
  return (
    <p className="mt-1 text-xs text-warn-600" data-testid="project-limit">
      {fill(t(E.projectLimitNotice), { left: limit.pagesLeft }, lang)}
    </p>
  );
}
