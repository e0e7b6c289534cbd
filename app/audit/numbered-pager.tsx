import { Link } from "react-router";
import { useT } from "../i18n/use-texts.ts";
import { A } from "./text-ids.ts";

/**
 * The page numbers to show for page `page` of `pages` (1-based): the first, the last and two on
 * each side of the current one; `null` marks a gap ("…").
 */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}

/** Numbered pages of a long list (issue 16 point 6); `hrefFor(offset)` builds the link of a page. */
export function NumberedPager({
  offset,
  limit,
  total,
  hrefFor,
}: {
  offset: number;
  limit: number;
  total: number;
  hrefFor: (offset: number) => string;
}) {
  const t = useT();
  const pages = Math.ceil(total / limit);
  if (pages <= 1) return null;
  const page = Math.floor(offset / limit) + 1;
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-2 text-sm no-underline";
  return (
    <nav className="mt-4 flex flex-wrap items-center gap-1.5" aria-label={t(A.pagesNav)} data-testid="numbered-pager">
      {page > 1 && (
        <Link to={hrefFor((page - 2) * limit)} className={`${item} border-ink-300`} rel="prev">
          ← {t(A.previous)}
        </Link>
      )}
      {pageNumbers(page, pages).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="px-1 text-ink-500">
            …
          </span>
        ) : n === page ? (
          <span key={n} className={`${item} border-ink-900 bg-ink-900 font-semibold text-white`} aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} to={hrefFor((n - 1) * limit)} className={`${item} border-ink-300 text-ink-900`}>
            {n}
          </Link>
        ),
      )}
      {page < pages && (
        <Link to={hrefFor(page * limit)} className={`${item} border-ink-300`} rel="next">
          {t(A.next)} →
        </Link>
      )}
    </nav>
  );
}
