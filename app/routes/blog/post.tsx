import { data, Link } from "react-router";
import type { Route } from "./+types/post";
import { BlogCta } from "../../content/components/blog-nav.tsx";
import { Breadcrumbs } from "../../content/components/breadcrumbs.tsx";
import { JsonLd, PageMeta, useOrigin } from "../../content/components/page-meta.tsx";
import { LanguageNotice } from "../../content/components/language-notice.tsx";
import { PostCard } from "../../content/components/post-card.tsx";
import { formatDay } from "../../../common/content/format.ts";
import { fill } from "../../../common/i18n/message.ts";
import { TocAside, TocDetails } from "../../content/components/toc.tsx";
import { PROSE } from "../../content/prose.ts";
import { C, CATEGORY_TEXTS } from "../../content/text-ids.ts";
import { servicesContext } from "../../../server/http/router-context.server.ts";
import { getLanguage, localizePath, toBcp47 } from "../../../common/i18n/languages.ts";
import { useLocalized } from "../../i18n/use-localized.ts";
import { useLang, useT } from "../../i18n/use-texts.ts";
import type { RouteHandle } from "../../components/seo-links.tsx";
import type { IslandsHandle } from "../../islands/island.tsx";
import { getPost } from "../../../server/blog/queries.server.ts";
import { langOf, withDates } from "../../../server/blog/view.server.ts";

/**
 * /blog/{post_slug} (issue 4, issue 15 rule 4): the article in the URL's language. A post not
 * translated into that language shows its English version (else another one) inside the visitor's
 * language, with a notice, never a redirect; that version is a fallback (noindex, canonical to
 * English: rule 3). An unknown slug is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const lang = langOf(params);
  const view = await getPost(db, lang, params.post_slug);
  if (!view) throw data(null, { status: 404 });
  return {
    post: {
      ...view.post,
      dateText: formatDay(lang, view.post.publishedOn),
      updatedText: view.post.updatedOn ? formatDay(lang, view.post.updatedOn) : null,
    },
    languages: view.languages,
    related: withDates(view.related, lang),
  };
}

/** Indexable (and in hreflang) only in the languages this article is written in. */
export const handle: RouteHandle & IslandsHandle = {
  islands: true,
  contentLanguages: (d) => (d as { languages?: string[] } | undefined)?.languages,
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  const origin = useOrigin();
  const { post, languages, related } = loaderData;
  const cat = CATEGORY_TEXTS[post.categorySlug]!;
  const url = origin + to(`/blog/${post.slug}`);
  const others = languages.filter((l) => l !== lang && l !== post.lang);
  const docLang = post.lang === lang ? undefined : toBcp47(post.lang);
  return (
    <main id="main" className="flex-1 bg-white">
      <PageMeta
        title={post.title}
        description={post.description}
        type="article"
        published={post.publishedOn}
        modified={post.updatedOn ?? post.publishedOn}
      />
      <link rel="alternate" type="application/atom+xml" title={t(C.atomFeed)} href={to("/blog/feed.xml")} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          inLanguage: toBcp47(post.lang),
          datePublished: post.publishedOn,
          dateModified: post.updatedOn ?? post.publishedOn,
          author: { "@type": "Person", name: post.author },
          publisher: {
            "@type": "Organization",
            name: "Rankforge",
            url: origin + "/",
            logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
          },
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
          url,
          articleSection: t(cat.name),
          keywords: post.tags.join(", "),
          wordCount: post.words,
          timeRequired: `PT${post.readingMinutes}M`,
        }}
      />
      <header className="bg-ink-900 text-white">
        <div className="container-page py-10 sm:py-14">
          <Breadcrumbs
            items={[
              { label: t(C.home), to: to("/") },
              { label: t(C.blog), to: to("/blog") },
              { label: t(cat.name), to: to(`/blog/category/${post.categorySlug}`) },
              { label: post.title },
            ]}
          />
          <p className="eyebrow mt-8 text-forge-500">
            <Link to={to(`/blog/category/${post.categorySlug}`)} className="text-forge-500 no-underline hover:underline">
              {t(cat.name)}
            </Link>
          </p>
          <h1 lang={docLang} className="mt-3 max-w-4xl text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
            {post.title}
          </h1>
          <p lang={docLang} className="mt-5 max-w-3xl text-lg leading-relaxed text-ink-300 sm:text-xl">
            {post.description}
          </p>
          <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-300">
            <span className="font-medium text-white">{fill(t(C.byAuthor), { author: post.author }, lang)}</span>
            <span aria-hidden="true">·</span>
            <span>
              {t(C.published)} <time dateTime={post.publishedOn}>{post.dateText}</time>
            </span>
            {post.updatedText && (
              <>
                <span aria-hidden="true">·</span>
                <span>
                  {t(C.updated)} <time dateTime={post.updatedOn!}>{post.updatedText}</time>
                </span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{fill(t(C.readingTime), { n: post.readingMinutes }, lang)}</span>
          </p>
          {others.length > 0 && (
            <p className="mt-3 text-sm text-ink-300">
              {t(C.alsoIn)}{" "}
              {others.map((l, i) => (
                <span key={l}>
                  {i > 0 && ", "}
                  <Link to={localizePath(l, `/blog/${post.slug}`)} hrefLang={toBcp47(l)} lang={toBcp47(l)} className="text-white underline">
                    {getLanguage(l).nativeName}
                  </Link>
                </span>
              ))}
            </p>
          )}
        </div>
      </header>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[minmax(0,1fr)_16rem] lg:py-14">
        <div className="min-w-0">
          <LanguageNotice docLang={post.lang} />
          <TocDetails toc={post.toc} />
          <article lang={docLang} className={PROSE} dangerouslySetInnerHTML={{ __html: post.html }} />
          {post.tags.length > 0 && (
            <ul className="mt-10 flex max-w-[70ch] flex-wrap gap-2 border-t border-ink-100 pt-6" aria-label={t(C.topics)}>
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={to(`/blog/tag/${tag}`)}
                    className="inline-block rounded-md bg-ink-100 px-3 py-1.5 text-sm text-ink-700 no-underline hover:bg-ink-300/40"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <TocAside toc={post.toc} />
      </div>
      <div className="bg-ink-50">
        <div className="container-page py-12">
          {related.length > 0 && (
            <section aria-labelledby="related-h">
              <h2 id="related-h" className="text-2xl font-bold text-ink-900">
                {t(C.related)}
              </h2>
              <ul className="mt-6 grid gap-6 md:grid-cols-3">
                {related.map((p) => (
                  <li key={p.slug}>
                    <PostCard post={p} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <BlogCta />
        </div>
      </div>
    </main>
  );
}
