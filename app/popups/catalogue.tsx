import { useState } from "react";
import { Link } from "react-router";
import { PhoneInput, type PhoneChange } from "../components/phone-input.tsx";
import { phoneQueryNumber } from "../components/phone-input-rules.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { ApiCallError, postApi } from "../lib/api.ts";
import { currentTracking } from "../../common/tracking.ts";
import { MT } from "../manager/text-ids.ts";
import { PopupDialog } from "./dialog.tsx";
import { seoConsultationCookie } from "./login-state.ts";
import { ManagerCard } from "./manager-card.tsx";
import { useManager } from "./use-manager.ts";

/** Popup types of docs/popups.md rendered by {@link CataloguePopup}. */
export type CatalogueType = 4 | 10 | 14 | 17 | 18 | 19 | 20 | 21;

/** Props of {@link CataloguePopup}. */
export interface CataloguePopupProps {
  type: CatalogueType;
  open: boolean;
  onClose: () => void;
  /** Opens the request popup (actions that lead to the manager). */
  onContact?: (custom: string, subject?: number) => void;
  /** Type 4: the banned site and the optional page. */
  site?: string;
  page?: string | undefined;
}

const INFO: Partial<Record<CatalogueType, { title: number; text: number; action?: number; to?: string; contact?: number }>> = {
  17: { title: MT.p17Title, text: MT.p17Text, action: MT.p17Action, to: "/price" },
  18: { title: MT.p18Title, text: MT.p18Text, action: MT.p18Action, to: "/addproject" },
  19: { title: MT.p19Title, text: MT.p19Text },
  20: { title: MT.p20Title, text: MT.p20Text, action: MT.p20Action, contact: 8 },
  21: { title: MT.p21Title, text: MT.p21Text, action: MT.p21Action, to: "/project" },
};

/**
 * Every numbered popup of docs/popups.md (spec 4, 8): 4 banned domain, 10 restore failed,
 * 14 seo consultation, and the login-state popups 17–21. All are {@link PopupDialog}s.
 */
export function CataloguePopup(props: CataloguePopupProps) {
  const t = useT();
  const to = useLocalized();
  const manager = useManager();
  const { type, open, onClose, onContact } = props;
  const close = (o: boolean) => !o && onClose();
  if (type === 4) {
    return (
      <PopupDialog
        open={open}
        onOpenChange={close}
        type="4"
        title={t(MT.p4Title)}
        description={
          <>
            <strong>{props.site}</strong> {t(MT.p4Text)}
            {props.page ? <span className="mt-1 block text-sm break-all text-ink-500">{props.page}</span> : null}
          </>
        }
      >
        <p className="mt-3 text-ink-700">{t(MT.p4Help)}</p>
        <Actions onLater={onClose} laterLabel={t(MT.close)}>
          {onContact && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => onContact(`Banned domain: ${props.site ?? ""} ${props.page ?? ""}`.trim())}
            >
              {t(MT.p4Action)}
            </button>
          )}
        </Actions>
      </PopupDialog>
    );
  }
  if (type === 10) {
    return (
      <PopupDialog open={open} onOpenChange={close} type="10" title={t(MT.p10Title)} description={t(MT.p10Text)}>
        <Actions onLater={onClose} laterLabel={t(MT.close)}>
          {onContact && (
            <button type="button" className="btn-primary" onClick={() => onContact("Account restore failed")}>
              {t(MT.p10Action)}
            </button>
          )}
        </Actions>
      </PopupDialog>
    );
  }
  if (type === 14) return <SeoConsultationPopup open={open} onClose={onClose} />;
  const info = INFO[type]!;
  return (
    <PopupDialog open={open} onOpenChange={close} type={String(type)} title={t(info.title)} description={t(info.text)}>
      {type === 18 && manager && (
        <div className="mt-4 rounded-lg bg-ink-50 p-3">
          <ManagerCard manager={manager} />
        </div>
      )}
      <Actions onLater={onClose} laterLabel={info.action ? t(MT.later) : t(MT.ok)}>
        {info.action && info.to && (
          <Link to={to(info.to)} className="btn-primary" onClick={onClose}>
            {t(info.action)}
          </Link>
        )}
        {info.action && info.contact && onContact && (
          <button type="button" className="btn-primary" onClick={() => onContact(`Popup ${type}`, info.contact)}>
            {t(info.action)}
          </button>
        )}
      </Actions>
    </PopupDialog>
  );
}

function Actions({ children, onLater, laterLabel }: { children?: React.ReactNode; onLater: () => void; laterLabel: string }) {
  return (
    <div className="mt-6 flex flex-wrap justify-end gap-3">
      <button type="button" className="btn-secondary" onClick={onLater}>
        {laterLabel}
      </button>
      {children}
    </div>
  );
}

/**
 * Popup 14 (spec 4): asks a registered user without a licence for a phone number; sending it
 * requests a free consultation and sets one_msg_skypeorphone=1 for 720 minutes.
 */
function SeoConsultationPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { lang } = useLang();
  const manager = useManager();
  const [phone, setPhone] = useState<PhoneChange | null>(null);
  const [bad, setBad] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      const number = phone?.number ?? "";
      const check = number
        ? await fetch(`/api/phone/validate?number=${encodeURIComponent(phoneQueryNumber(number))}`).then(
            (r) => r.json() as Promise<{ valid: boolean }>,
          )
        : { valid: false };
      setBad(!check.valid);
      if (!check.valid) return;
      await postApi("/api/support/blockrequest", {
        idu: manager?.idu ?? 0,
        username: manager?.u_username || manager?.u_email.split("@")[0] || "",
        email: manager?.u_email ?? "",
        phone: number,
        u_country_code: phone?.country ?? "",
        message: t(MT.p14Message),
        page: window.location.href,
        idm: manager?.id ?? 0,
        typeRequest: 1,
        custom: "popup 14",
        fromPage: "popup-14",
        tracking: currentTracking(),
        lang,
      });
      document.cookie = seoConsultationCookie();
      setSent(true);
    } catch (err) {
      setFailure(err instanceof ApiCallError && err.status === 429 ? t(MT.rateLimited) : t(MT.sendFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <PopupDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      type="14"
      title={sent ? t(MT.thanksTitle) : t(MT.p14Title)}
      description={sent ? t(MT.thanksText) : t(MT.p14Text)}
    >
      {sent ? (
        <Actions onLater={onClose} laterLabel={t(MT.ok)} />
      ) : (
        <form onSubmit={send} noValidate className="mt-4">
          <label htmlFor="popup14-phone" className="text-sm font-medium text-ink-900">
            {t(MT.callMe)}
          </label>
          <PhoneInput id="popup14-phone" onChange={setPhone} invalid={bad} describedBy="popup14-phone-err" />
          <p id="popup14-phone-err" className="mt-1 min-h-4 text-xs font-medium text-danger-600">
            {bad ? t(MT.errPhone) : ""}
          </p>
          <p role="alert" className="min-h-5 text-sm font-medium text-danger-600">
            {failure}
          </p>
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t(MT.later)}
            </button>
            <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending}>
              {sending ? t(MT.sending) : t(MT.p14Action)}
            </button>
          </div>
        </form>
      )}
    </PopupDialog>
  );
}
