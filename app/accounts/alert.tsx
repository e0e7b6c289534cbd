/** A page-level alert (spec 8 restore success): title and text in a polite live region. */
export function AccountAlert({
  title,
  text,
  onClose,
  closeLabel,
}: {
  title: string;
  text: string;
  onClose: () => void;
  closeLabel: string;
}) {
  return (
    <div
      role="alert"
      data-testid="account-alert"
      className="fixed top-20 left-1/2 z-[60] w-[min(94vw,26rem)] -translate-x-1/2 rounded-xl border border-signal-600/30 bg-signal-100 p-4 shadow-xl"
    >
      <div className="flex items-start gap-3">
        <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" className="mt-0.5 shrink-0 text-signal-600">
          <circle cx="11" cy="11" r="10" fill="currentColor" />
          <path d="M6 11.5l3.2 3L16 8" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div className="flex-1">
          <p className="font-bold text-ink-900">{title}</p>
          <p className="mt-0.5 text-sm text-ink-700">{text}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="rounded p-1 text-ink-500 hover:bg-white/60 hover:text-ink-900"
        >
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
