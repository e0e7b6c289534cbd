import { data } from "react-router";
import type { Route } from "./+types/feed";
import { C } from "../../content/text-ids.ts";
import { servicesContext } from "../../../server/http/router-context.server.ts";
import { DEFAULT_LANG, isLanguage } from "../../../common/i18n/languages.ts";
import { blogFeed } from "../../../server/blog/feed.server.ts";
import { loadTexts } from "../../../server/i18n/texts.server.ts";

/** /blog/feed.xml and /{lang}/blog/feed.xml (issue 4): the Atom feed of a language's posts; 404 when it has none. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const lang = params.lang ?? DEFAULT_LANG;
  const texts = await loadTexts(services.db, lang, { ids: [C.blogTitle, C.blogIntro] });
  const xml = await blogFeed(
    services.db,
    lang,
    services.env.PUBLIC_ORIGIN,
    texts[C.blogTitle] ?? "Rankforge blog",
    texts[C.blogIntro] ?? "",
  );
  if (!xml) throw data(null, { status: 404 });
  return new Response(xml, { headers: { "content-type": "application/atom+xml; charset=utf-8", "cache-control": "public, max-age=900" } });
}
