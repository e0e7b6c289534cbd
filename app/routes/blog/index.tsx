import type { Route } from "./+types/index";
import { BlogCta, BlogSearchForm, CategoryNav, TagCloud } from "../../content/components/blog-nav.tsx";
import { Breadcrumbs } from "../../content/components/breadcrumbs.tsx";
import { PageHero } from "../../content/components/page-hero.tsx";
import { PageMeta } from "../../content/components/page-meta.tsx";
import { Pagination } from "../../content/components/pagination.tsx";
import { PostCard } from "../../content/components/post-card.tsx";
import { C } from "../../content/text-ids.ts";
import { servicesContext } from "../../../server/http/router-context.server.ts";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useLang, useT } from "../../i18n/use-texts.ts";
import { fill } from "../../../common/i18n/message.ts";
import { languagesOfData, type RouteHandle } from "../../components/seo-links.tsx";
import { blogLanguages, listCategories, listPosts, listTags } from "../../../server/blog/queries.server.ts";
import { assertPage, langOf, pageOf, withDates } from "../../../server/blog/view.server.ts";

/** /blog (issue 4): every article, newest first, 9 a page, with categories, topics and search. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const lang = langOf(params);
  const page = pageOf(request);
  const [list, categories, tags] = await Promise.all([listPosts(db, lang, { page }), listCategories(db), listTags(db)]);
  assertPage(page, list.pages);
  return { ...list, items: withDates(list.items, lang), categories, tags, languages: await blogLanguages(db) };
}

/** Indexable in the languages at least one post is written in (issue 15 rule 3). */
export const handle: RouteHandle = { canonicalQuery: ["page"], contentLanguages: languagesOfData };

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const { items, page, pages, categories, tags } = loaderData;
  const title = page > 1 ? `${t(C.blogMetaTitle)} · ${fill(t(C.pageOf), { page, pages }, lang)}` : t(C.blogMetaTitle);
  return (
    <main id="main" className="flex-1">
      <PageMeta title={title} description={t(C.blogIntro)} />
      <link rel="alternate" type="application/atom+xml" title={t(C.atomFeed)} href={to("/blog/feed.xml")} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.blog) }]} />}
        eyebrow={t(C.blogEyebrow)}
        title={t(C.blogTitle)}
        lead={t(C.blogIntro)}
      >
        <BlogSearchForm />
      </PageHero>
      <div className="container-page py-10">
        <CategoryNav categories={categories} />
        {items.length === 0 ? (
          <p className="mt-10 text-ink-700">{t(C.blogEmpty)}</p>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} hrefFor={(n) => to(n === 1 ? "/blog" : `/blog?page=${n}`)} />
        <TagCloud tags={tags} />
        <p className="mt-8 text-sm">
          <a href={to("/blog/feed.xml")} className="text-forge-700">
            {t(C.atomFeed)}
          </a>
        </p>
        <BlogCta />
      </div>
    </main>
  );
}
