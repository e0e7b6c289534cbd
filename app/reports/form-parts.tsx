import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { formatCount } from "../../common/reports/format.ts";
import { PERIODS } from "../../common/reports/types.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { ReportsNav } from "./reports-nav.tsx";
import { R } from "./text-ids.ts";

/**
 * The scaffolding the report, delivery and white-label forms share (issue 11 points 3, 5, 6): the
 * page with its heading and the reports navigation, the error line naming the field, the common
 * selects (project, period, white-label profile) and the submit button.
 */

/** Class of a full-width form control. */
export const FIELD = "mt-1 block w-full rounded border border-ink-300 px-3 py-2";

/** A reports-section form page: heading, the section's navigation, then the form. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <ReportsNav />
      {children}
    </div>
  );
}

/** The action's error (an AppError body): its field, then its message. */
export function FormError({ actionData }: { actionData: unknown }) {
  const error =
    actionData && typeof actionData === "object" && "error" in actionData
      ? (actionData.error as { field?: string | null; message: string })
      : null;
  if (!error) return null;
  return (
    <p role="alert" className="rounded bg-danger-100 p-3 text-danger-600">
      {error.field ? `${error.field}: ` : ""}
      {error.message}
    </p>
  );
}

/** The project select (`idp`). */
export function ProjectSelect({ projects, defaultValue }: { projects: { id: number; domain: string }[]; defaultValue: number }) {
  const t = useT();
  return (
    <label>
      {t(R.fieldProject)}
      <select name="idp" defaultValue={defaultValue} className={FIELD}>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.domain}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The report period select (`periodDays`, one of PERIODS). */
export function PeriodSelect({ defaultValue }: { defaultValue: number }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <label>
      {t(R.fieldPeriod)}
      <select name="periodDays" defaultValue={defaultValue} className={FIELD}>
        {PERIODS.map((d) => (
          <option key={d} value={d}>
            {formatCount(lang, t(R.periodDays), d)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The white-label profile select (`whiteLabelId`, 0 for none). */
export function WhiteLabelSelect({ whiteLabels, defaultValue }: { whiteLabels: { id: number; company: string }[]; defaultValue: number }) {
  const t = useT();
  return (
    <label>
      {t(R.fieldWhiteLabel)}
      <select name="whiteLabelId" defaultValue={defaultValue} className={FIELD}>
        <option value="0">{t(R.noWhiteLabel)}</option>
        {whiteLabels.map((w) => (
          <option key={w.id} value={w.id}>
            {w.company}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The submit button, disabled while the form is being sent. */
export function SubmitButton({ label }: { label: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <button type="submit" disabled={busy} className="w-fit rounded bg-forge-600 px-4 py-2 font-semibold text-white">
      {label}
    </button>
  );
}
