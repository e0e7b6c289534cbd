import { data } from "react-router";
import type { Route } from "./+types/tag";
import { BlogCta, BlogSearchForm, TagCloud } from "../../content/components/blog-nav.tsx";
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
import { languagesOfData, type RouteHandle } from "../../components/seo-links.tsx";
import { blogLanguages, listPosts, listTags } from "../../../server/blog/queries.server.ts";
import { assertPage, langOf, pageOf, withDates } from "../../../server/blog/view.server.ts";

/** /blog/tag/{tag_slug} (issue 4): the articles with one tag; a tag no article has is 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const lang = langOf(params);
  const page = pageOf(request);
  const tags = await listTags(db);
  if (!tags.some((tg) => tg.slug === params.tag_slug)) throw data(null, { status: 404 });
  const list = await listPosts(db, lang, { page, tag: params.tag_slug });
  assertPage(page, list.pages);
  return { ...list, items: withDates(list.items, lang), tags, tag: params.tag_slug, languages: await blogLanguages(db) };
}

/** Indexable in the languages at least one post is written in (issue 15 rule 3). */
export const handle: RouteHandle = { canonicalQuery: ["page"], contentLanguages: languagesOfData };

export default function BlogTag({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const { items, page, pages, tags, tag, total } = loaderData;
  const title = fill(t(C.tagTitle), { tag: `#${tag}` }, lang) + (page > 1 ? ` · ${fill(t(C.pageOf), { page, pages }, lang)}` : "");
  const lead = fill(t(C.tagIntro), { tag: `#${tag}`, n: total }, lang);
  return (
    <main id="main" className="flex-1">
      <PageMeta title={title} description={lead} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.blog), to: to("/blog") }, { label: `#${tag}` }]} />}
        eyebrow={t(C.tagEyebrow)}
        title={`#${tag}`}
        lead={lead}
      >
        <BlogSearchForm />
      </PageHero>
      <div className="container-page py-10">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((p) => (
            <li key={p.slug}>
              <PostCard post={p} />
            </li>
          ))}
        </ul>
        <Pagination page={page} pages={pages} hrefFor={(n) => to(`/blog/tag/${tag}${n === 1 ? "" : `?page=${n}`}`)} />
        <TagCloud tags={tags} current={tag} />
        <BlogCta />
      </div>
    </main>
  );
}
