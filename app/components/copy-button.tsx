import { useState } from "react";
import { useT } from "../i18n/use-texts.ts";
import { P } from "../projects/text-ids.ts";

/**
 * Copies `value` to the clipboard; the value is its tooltip. `label` names what is copied for
 * screen readers; `text` replaces the visible "Copy" (e.g. "Copy check id", issue 16.9).
 */
export function CopyButton({ value, label, text }: { value: string; label?: string; text?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="rounded border border-ink-200 px-2 py-0.5 text-xs text-ink-700 hover:bg-ink-50"
      title={value}
      aria-label={label ? `${t(P.copy)}: ${label}` : undefined}
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          window.setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? t(P.copied) : (text ?? t(P.copy))}
    </button>
  );
}
