import { Form, Link } from "react-router";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useT } from "../../i18n/use-texts.ts";
import { C, CATEGORY_TEXTS } from "../text-ids.ts";

/** The blog's search box (GET /blog/search?q=, works without JavaScript). */
export function BlogSearchForm({ q = "", id = "blog-q" }: { q?: string; id?: string }) {
  const t = useT();
  const to = useLocalized();
  return (
    <Form method="get" action={to("/blog/search")} role="search" className="mt-6 flex w-full max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        {t(C.searchLabel)}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={t(C.searchPlaceholder)}
        maxLength={200}
        className="min-w-0 flex-1 rounded-lg border border-ink-300 bg-white px-4 py-3 text-ink-900 placeholder:text-ink-500"
      />
      <button type="submit" className="btn-primary shrink-0">
        {t(C.searchButton)}
      </button>
    </Form>
  );
}

/** Category pills (the current one marked), with article counts. */
export function CategoryNav({ categories, current }: { categories: { slug: string; count: number }[]; current?: string }) {
  const t = useT();
  const to = useLocalized();
  const pill = "inline-flex items-center gap-1.5 rounded-full border px-4 py-2 text-sm font-medium no-underline transition";
  return (
    <nav aria-label={t(C.categories)}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to={to("/blog")}
            aria-current={current === undefined ? "page" : undefined}
            className={`${pill} ${current === undefined ? "border-ink-900 bg-ink-900 text-white" : "border-ink-100 bg-white text-ink-700 hover:border-ink-300"}`}
          >
            {t(C.allArticles)}
          </Link>
        </li>
        {categories
          .filter((c) => c.count > 0)
          .map((c) => (
            <li key={c.slug}>
              <Link
                to={to(`/blog/category/${c.slug}`)}
                aria-current={current === c.slug ? "page" : undefined}
                className={`${pill} ${current === c.slug ? "border-ink-900 bg-ink-900 text-white" : "border-ink-100 bg-white text-ink-700 hover:border-ink-300"}`}
              >
                {CATEGORY_TEXTS[c.slug] ? t(CATEGORY_TEXTS[c.slug]!.name) : c.slug}
                <span className={current === c.slug ? "text-ink-300" : "text-ink-500"}>{c.count}</span>
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

/** Topic (tag) links with counts. */
export function TagCloud({ tags, current }: { tags: { slug: string; count: number }[]; current?: string }) {
  const t = useT();
  const to = useLocalized();
  if (tags.length === 0) return null;
  return (
    <section aria-labelledby="topics-h" className="mt-14">
      <h2 id="topics-h" className="text-lg font-semibold text-ink-900">
        {t(C.topics)}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <Link
              to={to(`/blog/tag/${tag.slug}`)}
              aria-current={current === tag.slug ? "page" : undefined}
              className={`inline-block rounded-md px-3 py-1.5 text-sm no-underline ${current === tag.slug ? "bg-ink-900 text-white" : "bg-ink-100 text-ink-700 hover:bg-ink-300/40"}`}
            >
              #{tag.slug}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Closing call to action of blog screens: a free consultation or the free audit on the main page. */
export function BlogCta() {
  const t = useT();
  const to = useLocalized();
  return (
    <aside className="mt-14 rounded-[var(--radius-card)] bg-ink-900 p-8 text-white sm:p-10">
      <h2 className="text-2xl font-bold">{t(C.ctaTitle)}</h2>
      <p className="mt-3 max-w-2xl text-ink-300">{t(C.ctaText)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={to("/seo-consultation")} className="btn-primary">
          {t(C.ctaButton)}
        </Link>
        <Link
          to={to("/")}
          className="inline-flex items-center rounded-lg border border-ink-500 px-5 py-3 font-semibold text-white no-underline hover:border-white"
        >
          {t(C.ctaSecondary)}
        </Link>
      </div>
    </aside>
  );
}
