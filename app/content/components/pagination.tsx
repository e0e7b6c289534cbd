import { Link } from "react-router";
import { useLang, useT } from "../../i18n/use-texts.ts";
import { fill } from "../../../common/i18n/message.ts";
import { C } from "../text-ids.ts";

/** Previous/next links of a paginated list; `hrefFor(n)` builds page n's URL (page 1 has no parameter). */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (n: number) => string }) {
  const t = useT();
  const { lang } = useLang();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t(C.pagination)} className="mt-10 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className="btn-secondary">
          ← {t(C.prevPage)}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-ink-500">{fill(t(C.pageOf), { page, pages }, lang)}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next" className="btn-secondary">
          {t(C.nextPage)} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
