import { useEffect, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

/** Progress of a running audit (pages, queue, errors, speed, times in ms). */
export interface AuditProgressData {
  status: string;
  pagesDone: number;
  pagesQueued: number;
  errors: number;
  pagesPerSecond: number;
  elapsedMs: number;
  /** Estimated time left, null when unknown. */
  etaMs: number | null;
}

const FINISHED = new Set(["done", "failed", "cancelled"]);

const duration = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

/**
 * Live progress bar of an audit, fed by the audit API's server-sent events (or, when the stream
 * fails, by reloading the screen's data); reloads when the audit ends so the report replaces it.
 */
export function AuditProgress({ auditId, startUrl, initial }: { auditId: number; startUrl: string; initial: AuditProgressData }) {
  const t = useT();
  // Figures from the event stream; without it (null), the loader's figures, refreshed by polling.
  const [live, setLive] = useState<AuditProgressData | null>(null);
  const p = live ?? initial;
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let poll: number | undefined;
    const source = new EventSource(`/api/audits/${auditId}/events`);
    source.onmessage = (e: MessageEvent<string>) => {
      const next = JSON.parse(e.data) as AuditProgressData;
      setLive(next);
      if (FINISHED.has(next.status)) {
        source.close();
        void revalidate();
      }
    };
    // Without the event stream (proxy, old browser), reload the screen's data every 2 s instead.
    source.onerror = () => {
      source.close();
      setLive(null);
      poll ??= window.setInterval(() => void revalidate(), 2000);
    };
    return () => {
      source.close();
      if (poll !== undefined) window.clearInterval(poll);
    };
  }, [auditId, revalidate]);
  const total = p.pagesDone + p.pagesQueued;
  const percent = total === 0 ? 0 : Math.round((100 * p.pagesDone) / total);
  return (
    <section className="card mt-6" aria-live="polite" data-testid="audit-progress">
      <h2 className="text-lg font-semibold break-all">
        {t(A.progressTitle)} {startUrl}…
      </h2>
      <div
        className="mt-4 h-3 w-full overflow-hidden rounded-full bg-ink-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t(A.progressTitle)}
      >
        <div className="h-full rounded-full bg-forge-500 transition-all duration-500" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-700">
        <li>
          <strong data-testid="pages-done">{p.pagesDone}</strong> {t(A.pagesDone)}
        </li>
        <li>
          <strong>{p.pagesQueued}</strong> {t(A.queued)}
        </li>
        <li>
          <strong>{p.errors}</strong> {t(A.errors)}
        </li>
        <li>
          <strong>{p.pagesPerSecond.toFixed(1)}</strong> {t(A.pagesPerSecond)}
        </li>
        <li>
          {duration(p.elapsedMs)} {t(A.elapsed)}
          {p.etaMs !== null && ` · ~${duration(p.etaMs)} ${t(A.remaining)}`}
        </li>
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-500">{t(A.auditRunning)}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="audit" value={auditId} />
          <button type="submit" className="btn-secondary py-2 text-sm">
            {t(A.cancelAudit)}
          </button>
        </Form>
      </div>
    </section>
  );
}
