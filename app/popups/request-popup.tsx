import { useT } from "../i18n/use-texts.ts";
import { MT } from "../manager/text-ids.ts";
import { PopupDialog } from "./dialog.tsx";
import { ManagerCard } from "./manager-card.tsx";
import { RequestForm, type SentAnswer } from "./request-form.tsx";
import { useManager } from "./use-manager.ts";

/** How the request popup was opened (spec 4): the preselected subject and attached context. */
export interface OpenRequestOptions {
  subject?: number;
  custom?: string;
  /** Start request form rules (website field, subject 17) instead of the manager request form. */
  form?: "request" | "start";
  message?: string;
}

/** The request popup's state machine (spec 4): closed → open → thanks (→ closed). */
export type RequestView = { kind: "closed" } | { kind: "open"; opts: OpenRequestOptions } | { kind: "thanks"; newu: 0 | 1 };

/** Props of {@link RequestPopups}. */
export interface RequestPopupsProps {
  view: RequestView;
  fromPage: string;
  supportPage: boolean;
  onClose: () => void;
  onSent: (answer: SentAnswer) => void;
  onThanksClosed: (newu: 0 | 1) => void;
}

/**
 * The request popup (type "request") and its thank-you popup (type "request-thanks"), loaded on
 * demand by the manager layer (docs/popups.md).
 */
export default function RequestPopups({ view, fromPage, supportPage, onClose, onSent, onThanksClosed }: RequestPopupsProps) {
  const t = useT();
  const manager = useManager();
  return (
    <>
      <PopupDialog
        open={view.kind === "open"}
        onOpenChange={(open) => !open && onClose()}
        type="request"
        title={t(MT.requestTitle)}
        description={t(MT.requestIntro)}
        wide
      >
        {manager && (
          <div className="mt-4 rounded-lg bg-ink-50 p-3">
            <ManagerCard manager={manager} compact />
          </div>
        )}
        {view.kind === "open" && (
          <div className="mt-4">
            <RequestForm
              idPrefix="popup-request"
              subject={view.opts.subject ?? 1}
              form={view.opts.form ?? "request"}
              supportPage={supportPage}
              fromPage={fromPage}
              onSent={onSent}
              {...(view.opts.custom === undefined ? {} : { custom: view.opts.custom })}
              {...(view.opts.message === undefined ? {} : { defaultMessage: view.opts.message })}
            />
          </div>
        )}
      </PopupDialog>
      <PopupDialog
        open={view.kind === "thanks"}
        onOpenChange={(open) => !open && view.kind === "thanks" && onThanksClosed(view.newu)}
        type="request-thanks"
        title={t(MT.thanksTitle)}
        description={t(MT.thanksText)}
      >
        {view.kind === "thanks" && view.newu === 1 && <p className="mt-3 text-ink-700">{t(MT.thanksNewUser)}</p>}
        <div className="mt-6 flex justify-end">
          <button type="button" className="btn-primary" onClick={() => view.kind === "thanks" && onThanksClosed(view.newu)}>
            {t(MT.ok)}
          </button>
        </div>
      </PopupDialog>
    </>
  );
}
