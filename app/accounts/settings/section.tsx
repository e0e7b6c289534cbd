import { useId, type ReactNode } from "react";

/** A titled settings card (a labelled region). */
export function Section({ title, children, tone = "default" }: { title: string; children: ReactNode; tone?: "default" | "danger" }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`card ${tone === "danger" ? "border-danger-600/30" : ""}`}>
      <h2 id={id} className={`text-lg font-semibold ${tone === "danger" ? "text-danger-600" : "text-ink-900"}`}>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Tracks one form's busy flag and its last message (a text id and whether it is an error). */
export interface FormStatus {
  busy: boolean;
  message: { id: number; error: boolean } | null;
}
