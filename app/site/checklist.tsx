import { useMemo, useSyncExternalStore } from "react";
import { S } from "../../common/site/ids.ts";
import { type TFn } from "../../common/site/text.ts";
import { useLang } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";

/** A checklist section: heading and its items (title and detail). */
export interface ChecklistSection {
  heading: string;
  items: { id: string; title: string; detail: string }[];
}

/** localStorage key of a checklist's ticks. */
export const checklistStorageKey = (key: string) => `rankforge:checklist:${key}`;

/** Event our own writes dispatch, so every checklist on the page re-reads its ticks. */
const CHANGE_EVENT = "rankforge:checklist";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function readRaw(key: string): string {
  try {
    return window.localStorage.getItem(checklistStorageKey(key)) ?? "[]";
  } catch {
    return "[]";
  }
}

function parseTicks(raw: string): Set<string> {
  try {
    const list: unknown = JSON.parse(raw);
    return new Set(Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * Interactive checklist (issue 4 /autoseo-checklist, /fullseo-checklist): ticks persist in
 * localStorage under {@link checklistStorageKey}, read through useSyncExternalStore: the server
 * snapshot has no ticks, so server and client markup match and saved ticks appear on hydration.
 */
export function Checklist({ storageKey, sections, t }: { storageKey: string; sections: ChecklistSection[]; t: TFn }) {
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(storageKey),
    () => "[]",
  );
  const ticks = useMemo(() => parseTicks(raw), [raw]);
  const { lang } = useLang();
  const total = sections.reduce((n, s) => n + s.items.length, 0);
  const update = (next: Set<string>) => {
    try {
      window.localStorage.setItem(checklistStorageKey(storageKey), JSON.stringify([...next]));
    } catch {
      return; // storage disabled or full: nothing can be kept
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  };
  const toggle = (id: string) => {
    const next = new Set(ticks);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };
  return (
    <div>
      <div className="sticky top-16 z-10 -mx-4 flex flex-wrap items-center justify-between gap-3 bg-ink-50/95 px-4 py-3 backdrop-blur">
        <p className="font-semibold" role="status" aria-live="polite" data-testid="checklist-progress">
          {fill(t(S.checklistProgress, "{done} of {total} done"), { done: ticks.size, total }, lang)}
        </p>
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
          <div className="h-full bg-signal-600 transition-all" style={{ width: `${total ? (ticks.size / total) * 100 : 0}%` }} />
        </div>
        <button type="button" className="text-sm font-semibold text-forge-600 underline" onClick={() => update(new Set())}>
          {t(S.checklistReset, "Clear all ticks")}
        </button>
      </div>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-2xl font-bold tracking-tight">{section.heading}</h2>
          <ul className="mt-4 space-y-3">
            {section.items.map((item) => (
              <li key={item.id}>
                <label className="card flex cursor-pointer items-start gap-4 p-4 hover:border-forge-500">
                  <input
                    type="checkbox"
                    className="mt-1 h-5 w-5 shrink-0 accent-signal-600"
                    checked={ticks.has(item.id)}
                    onChange={() => toggle(item.id)}
                  />
                  <span>
                    <span className={`block font-semibold ${ticks.has(item.id) ? "text-ink-500 line-through" : ""}`}>{item.title}</span>
                    <span className="mt-1 block text-sm text-ink-700">{item.detail}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
