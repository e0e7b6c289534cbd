import { useId, type InputHTMLAttributes } from "react";

/** Props of {@link Field}: a labelled input with an optional error message. */
export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
}

/** A labelled text input; an error marks it aria-invalid and describes it (spec 8 red fields). */
export function Field({ label, error, className = "", ...input }: FieldProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-700">
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-ink-900 shadow-sm outline-none focus:ring-2 focus:ring-forge-500/40 ${
          error ? "border-danger-600" : "border-ink-300 focus:border-forge-500"
        }`}
      />
      {error ? (
        <p id={errId} className="mt-1 text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: an error (role=alert) or a notice (role=status). */
export function FormMessage({ kind, children }: { kind: "error" | "notice"; children: string }) {
  return kind === "error" ? (
    <p role="alert" className="rounded-lg bg-danger-100 px-3 py-2 text-sm text-danger-600">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-signal-100 px-3 py-2 text-sm text-signal-600">
      {children}
    </p>
  );
}
