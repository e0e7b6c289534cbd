import { useEffect, useRef, useState } from "react";
import {
  type DownloadItem,
  POLL_MS,
  inProgress,
  isSentNotice,
  isVisible,
  needsPolling,
  smoothProgress,
} from "../../common/reports/status.ts";
import { reportTypeText } from "../../common/reports/types.ts";
import { formatCount } from "../../common/reports/format.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { R } from "./text-ids.ts";

/** An item with the progress the popup shows. */
type Shown = DownloadItem & { shown: number };

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Merges a poll answer into the shown items, smoothing each item's progress (spec 4). */
export function mergeItems(prev: readonly Shown[], next: readonly DownloadItem[]): Shown[] {
  const before = new Map(prev.map((i) => [i.id, i.shown]));
  return next.filter((i) => isVisible(i.st)).map((i) => ({ ...i, shown: smoothProgress(before.get(i.id) ?? null, i.pr, i.st) }));
}

/**
 * The report download-status popup (spec 3 item, spec 4 states, spec 9 polling): follows the items
 * `ids` with POST /api/reports/download_status every 4 s until every item is done; each item shows
 * its smoothed progress, then its download link and close button (close_report); a delivered
 * item shows the "sent by e-mail" notice. The popup can be minimised or closed.
 */
export function DownloadStatus({ ids, initial, onDone }: { ids: number[]; initial: DownloadItem[]; onDone?: () => void }) {
  const t = useT();
  const { lang } = useLang();
  const [items, setItems] = useState<Shown[]>(() => mergeItems([], initial));
  const [minimised, setMinimised] = useState(false);
  const key = ids.join(",");
  /** The popup is closed for the items it followed when closed; new items open it again. */
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const closed = closedFor === key;
  const itemsRef = useRef(items);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    itemsRef.current = items;
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (!key) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const res = await post<{ items: DownloadItem[] }>("/api/reports/download_status", { idrg: key });
        if (stop) return;
        const wasRunning = needsPolling(itemsRef.current);
        itemsRef.current = mergeItems(itemsRef.current, res.items);
        setItems(itemsRef.current);
        if (!needsPolling(res.items)) {
          if (wasRunning) onDoneRef.current?.();
          return;
        }
      } catch {
        // a failed poll leaves the items as they are; the next one tries again
      }
      if (!stop) timer = setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [key]);

  if (closed || items.length === 0) return null;
  const closeItem = async (id: number) => {
    await post("/api/reports/close_report", { idrg: id });
    setItems((xs) => xs.filter((x) => x.id !== id));
  };
  return (
    <section
      aria-label={t(R.popupTitle)}
      data-testid="download-status"
      className="fixed right-4 bottom-28 z-40 w-96 max-w-[calc(100vw-2rem)] rounded-lg border border-ink-300 bg-white shadow-xl"
    >
      <header className="flex items-center justify-between border-b border-ink-100 px-4 py-2">
        <h2 className="text-sm font-semibold">{t(R.popupTitle)}</h2>
        <div className="flex gap-2 text-sm">
          <button type="button" onClick={() => setMinimised((m) => !m)} aria-expanded={!minimised}>
            {minimised ? t(R.restore) : t(R.minimise)}
          </button>
          <button type="button" onClick={() => setClosedFor(key)}>
            {t(R.close)}
          </button>
        </div>
      </header>
      {!minimised && (
        <ul className="max-h-80 overflow-auto px-4 py-2">
          {items.map((i) => (
            <li key={i.id} className="border-b border-ink-100 py-2 last:border-0" data-st={i.st}>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="font-medium">
                  {t(reportTypeText(i.type))} · {i.format.toUpperCase()}
                </span>
                {i.st === 1 && (
                  <button type="button" className="text-ink-500" aria-label={t(R.closeItem)} onClick={() => void closeItem(i.id)}>
                    ×
                  </button>
                )}
              </div>
              {inProgress(i.st) ? (
                <div>
                  <progress className="w-full" max={100} value={i.shown} aria-label={i.filename} />
                  <span className="text-xs text-ink-500">{formatCount(lang, t(R.progressLabel), i.shown)}</span>
                </div>
              ) : (
                <a className="text-sm text-forge-700 underline" href={`/api/download/report${i.link}`} download={i.filename}>
                  {t(R.download)} {i.filename}
                </a>
              )}
              {isSentNotice({ ...i, progress: i.shown }) && (
                <p role="status" className="text-xs text-signal-600">
                  {t(R.sentNotice)}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
