import { data } from "react-router";
import type { Route } from "./+types/category";
import { BlogCta, BlogSearchForm, CategoryNav } from "../../content/components/blog-nav.tsx";
import { Breadcrumbs } from "../../content/components/breadcrumbs.tsx";
import { PageHero } from "../../content/components/page-hero.tsx";
import { PageMeta } from "../../content/components/page-meta.tsx";
import { Pagination } from "../../content/components/pagination.tsx";
import { PostCard } from "../../content/components/post-card.tsx";
import { fill } from "../../../common/i18n/message.ts";
import { C, CATEGORY_TEXTS } from "../../content/text-ids.ts";
import { servicesContext } from "../../../server/http/router-context.server.ts";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useLang, useT } from "../../i18n/use-texts.ts";
import { languagesOfData, type RouteHandle } from "../../components/seo-links.tsx";
import { blogLanguages, listCategories, listPosts } from "../../../server/blog/queries.server.ts";
import { assertPage, langOf, pageOf, withDates } from "../../../server/blog/view.server.ts";

/** /blog/category/{cat_slug} (issue 4): the articles of one category; an unknown category is 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const lang = langOf(params);
  const page = pageOf(request);
  const categories = await listCategories(db);
  if (!categories.some((c) => c.slug === params.cat_slug)) throw data(null, { status: 404 });
  const list = await listPosts(db, lang, { page, category: params.cat_slug });
  assertPage(page, list.pages);
  return { ...list, items: withDates(list.items, lang), categories, category: params.cat_slug, languages: await blogLanguages(db) };
}

/** Indexable in the languages at least one post is written in (issue 15 rule 3). */
export const handle: RouteHandle = { canonicalQuery: ["page"], contentLanguages: languagesOfData };

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const { items, page, pages, categories, category } = loaderData;
  const texts = CATEGORY_TEXTS[category]!;
  const name = t(texts.name);
  const title = fill(t(C.categoryPageTitle), { category: name }, lang) + (page > 1 ? ` · ${fill(t(C.pageOf), { page, pages }, lang)}` : "");
  return (
    <main id="main" className="flex-1">
      <PageMeta title={title} description={t(texts.text)} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.blog), to: to("/blog") }, { label: name }]} />}
        eyebrow={t(C.categoryEyebrow)}
        title={name}
        lead={t(texts.text)}
      >
        <BlogSearchForm />
      </PageHero>
      <div className="container-page py-10">
        <CategoryNav categories={categories} current={category} />
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
        <Pagination page={page} pages={pages} hrefFor={(n) => to(`/blog/category/${category}${n === 1 ? "" : `?page=${n}`}`)} />
        <BlogCta />
      </div>
    </main>
  );
}
