import { Link } from "react-router";
import { localizePath, toBcp47 } from "../../../common/i18n/languages.ts";
import { useLang, useT } from "../../i18n/use-texts.ts";
import { useLocalized } from "../../i18n/use-localized.ts";
import { fill } from "../../../common/i18n/message.ts";
import { C, CATEGORY_TEXTS } from "../text-ids.ts";
import type { ReactNode } from "react";

/** What a post card shows; dates are already formatted by the loader. */
export interface CardData {
  lang: string;
  slug: string;
  title: string;
  description: string;
  categorySlug: string;
  dateText: string;
  publishedOn: string;
  readingMinutes: number;
}

/**
 * A post on a list: category, title linking to the post in its own language, summary (or a
 * search snippet), date and reading time. A version in another language than the page's says so.
 */
export function PostCard({
  post,
  headingLevel = 2,
  title,
  summary,
}: {
  post: CardData;
  headingLevel?: 2 | 3;
  title?: ReactNode;
  summary?: ReactNode;
}) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const H = headingLevel === 2 ? "h2" : "h3";
  const other = post.lang !== lang;
  const cat = CATEGORY_TEXTS[post.categorySlug];
  return (
    <article className="group relative flex h-full flex-col rounded-[var(--radius-card)] border border-ink-100 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <div className="flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
        <Link to={to(`/blog/category/${post.categorySlug}`)} className="relative z-10 text-forge-700 no-underline hover:underline">
          {cat ? t(cat.name) : post.categorySlug}
        </Link>
        {other && <span className="rounded bg-ink-100 px-1.5 py-0.5 text-[0.7rem] text-ink-700 normal-case">{t(C.inEnglish)}</span>}
      </div>
      <H lang={other ? toBcp47(post.lang) : undefined} className="mt-3 text-xl leading-snug font-bold text-ink-900">
        <Link
          to={localizePath(post.lang, `/blog/${post.slug}`)}
          className="text-ink-900 no-underline after:absolute after:inset-0 group-hover:text-forge-700"
        >
          {title ?? post.title}
        </Link>
      </H>
      <p lang={other ? toBcp47(post.lang) : undefined} className="mt-3 flex-1 leading-relaxed text-ink-700">
        {summary ?? post.description}
      </p>
      <p className="mt-5 flex flex-wrap items-center gap-x-3 text-sm text-ink-500">
        <time dateTime={post.publishedOn}>{post.dateText}</time>
        <span aria-hidden="true">·</span>
        <span>{fill(t(C.readingTime), { n: post.readingMinutes }, lang)}</span>
      </p>
    </article>
  );
}
