import type { Route } from "./+types/search";
import { BlogSearchForm, CategoryNav, TagCloud } from "../../content/components/blog-nav.tsx";
import { Breadcrumbs } from "../../content/components/breadcrumbs.tsx";
import { PageHero } from "../../content/components/page-hero.tsx";
import { PageMeta } from "../../content/components/page-meta.tsx";
import { Pagination } from "../../content/components/pagination.tsx";
import { PostCard } from "../../content/components/post-card.tsx";
import { fill } from "../../../common/i18n/message.ts";
import { C } from "../../content/text-ids.ts";
import { servicesContext } from "../../../server/http/router-context.server.ts";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useLang, useT } from "../../i18n/use-texts.ts";
import type { RouteHandle } from "../../components/seo-links.tsx";
import type { SnippetPart } from "../../../server/blog/queries.server.ts";
import { listCategories, listTags, searchPosts } from "../../../server/blog/queries.server.ts";
import { assertPage, langOf, pageOf, withDates } from "../../../server/blog/view.server.ts";

/** /blog/search/?q= (issue 4): PostgreSQL full-text search with highlighted snippets. Not indexed. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const lang = langOf(params);
  const page = pageOf(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [result, categories, tags] = await Promise.all([searchPosts(db, lang, q, page), listCategories(db), listTags(db)]);
  if (q) assertPage(page, result.pages);
  return { ...result, items: withDates(result.items, lang), q, categories, tags };
}

export const handle: RouteHandle = { noindex: true };

function Marked({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.hit ? (
          <mark key={i} className="rounded-sm bg-forge-100 px-0.5 text-ink-900">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export default function BlogSearch({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const { items, total, page, pages, q, categories, tags } = loaderData;
  return (
    <main id="main" className="flex-1">
      <PageMeta title={q ? `${q} — ${t(C.searchTitle)}` : t(C.searchTitle)} description={t(C.searchMetaDescription)} />
      <PageHero
        top={
          <Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.blog), to: to("/blog") }, { label: t(C.searchTitle) }]} />
        }
        title={t(C.searchTitle)}
        lead={t(C.searchPrompt)}
      >
        <BlogSearchForm q={q} />
      </PageHero>
      <div className="container-page py-10">
        {q && (
          <p role="status" className="text-lg font-medium text-ink-900">
            {total > 0 ? fill(t(C.searchResults), { q, n: total }, lang) : fill(t(C.searchNone), { q }, lang)}
          </p>
        )}
        {items.length > 0 && (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} title={<Marked parts={p.titleParts} />} summary={<Marked parts={p.snippet} />} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pages={pages}
          hrefFor={(n) => to(`/blog/search?q=${encodeURIComponent(q)}${n === 1 ? "" : `&page=${n}`}`)}
        />
        {(!q || total === 0) && (
          <section aria-labelledby="browse-h" className={q ? "mt-10" : ""}>
            <h2 id="browse-h" className="text-lg font-semibold text-ink-900">
              {t(C.categories)}
            </h2>
            <div className="mt-4">
              <CategoryNav categories={categories} current="" />
            </div>
            <TagCloud tags={tags} />
          </section>
        )}
      </div>
    </main>
  );
}
