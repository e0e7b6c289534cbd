import { useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

/** Colour class of an HTTP status (issue 16 point 7): 2xx green, 3xx amber, 4xx/5xx and fetch errors red. */
export function statusTone(statusCode: number | null, state: string): "ok" | "redirect" | "error" | "blocked" {
  if (state === "blocked") return "blocked";
  if (statusCode === null || statusCode >= 400) return "error";
  return statusCode >= 300 ? "redirect" : "ok";
}

const TONE_CLASS = {
  ok: "bg-signal-100 text-signal-600",
  redirect: "bg-warn-100 text-warn-600",
  error: "bg-danger-600 text-white",
  blocked: "bg-ink-100 text-ink-700",
} as const;

/** A page's status as a chip whose colour says good, redirect or broken at a glance. */
export function StatusChip({ statusCode, state, error }: { statusCode: number | null; state: string; error: string | null }) {
  const t = useT();
  const tone = statusTone(statusCode, state);
  const label = state === "blocked" ? t(A.statusBlocked) : (statusCode ?? error ?? "—");
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE_CLASS[tone]}`} data-tone={tone}>
      {label}
    </span>
  );
}
