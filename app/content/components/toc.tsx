import { useT } from "../../i18n/use-texts.ts";
import { C } from "../text-ids.ts";

/** A table-of-contents entry (an h2 or h3 of the rendered Markdown). */
export interface TocItem {
  level: number;
  id: string;
  text: string;
}

function TocList({ toc }: { toc: TocItem[] }) {
  return (
    <ol className="mt-3 space-y-2 text-sm leading-snug">
      {toc.map((e) => (
        <li key={e.id} className={e.level === 3 ? "pl-4" : ""}>
          <a href={`#${e.id}`} className={`no-underline hover:text-forge-700 ${e.level === 3 ? "text-ink-500" : "text-ink-700"}`}>
            {e.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The table of contents folded above the text on phones and tablets. */
export function TocDetails({ toc }: { toc: TocItem[] }) {
  const t = useT();
  if (toc.length < 2) return null;
  return (
    <details className="mb-8 rounded-lg border border-ink-100 bg-ink-50 p-4 lg:hidden">
      <summary className="cursor-pointer font-semibold text-ink-900">{t(C.toc)}</summary>
      <TocList toc={toc} />
    </details>
  );
}

/** The sticky table of contents beside the text on wide screens. */
export function TocAside({ toc }: { toc: TocItem[] }) {
  const t = useT();
  if (toc.length < 2) return null;
  return (
    <aside className="hidden lg:block" aria-labelledby="toc-h">
      <div className="sticky top-24 max-h-[calc(100vh-8rem)] overflow-y-auto border-l border-ink-100 pl-5">
        <h2 id="toc-h" className="text-xs font-semibold tracking-wider text-ink-500 uppercase">
          {t(C.toc)}
        </h2>
        <TocList toc={toc} />
      </div>
    </aside>
  );
}
