import { T } from "../i18n/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";
import { SUBJECT } from "../../common/requests/validate.ts";
import { useManagerLayer } from "./manager-layer.tsx";

/** Issue 5 request entry points: the subject each page preselects (spec 3 subject types). */
export const REQUEST_ENTRY_SUBJECT: Readonly<Record<string, number>> = {
  "reseller-program": SUBJECT.reseller,
  "affiliate-program": SUBJECT.affiliate,
  ssl: SUBJECT.ssl,
  analytics: SUBJECT.analytics,
  "dedicated-seo-dashboard": SUBJECT.dashboard,
  "dsd-quick-tour": SUBJECT.dashboard,
};

/**
 * A button that opens the request popup with a preselected subject and context (spec 4). Renders
 * nothing where the request component does not load (spec 2).
 */
export function RequestButton({
  subject,
  custom,
  label,
  className = "btn-primary",
}: {
  subject: number;
  custom?: string;
  label?: string;
  className?: string;
}) {
  const t = useT();
  const layer = useManagerLayer();
  if (!layer.available) return null;
  return (
    <button
      type="button"
      className={className}
      data-subject={subject}
      onClick={() => layer.openRequest({ subject, ...(custom ? { custom } : {}) })}
    >
      {label ?? t(T.sendRequest)}
    </button>
  );
}
