import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import type { Services } from "../services.server.ts";
import { loadPageTexts } from "./page-texts.server.ts";
import type { TextMap } from "../i18n/texts.server.ts";

/** What every marketing screen's loader returns: language, its texts and its absolute URLs. */
export interface SitePageBase {
  key: string;
  lang: string;
  origin: string;
  /** Canonical URL of this page (PUBLIC_ORIGIN + path, no query). */
  url: string;
  /** Open Graph image of this page in this language (server/seo/og-image.server.ts). */
  ogImage: string;
  texts: TextMap;
}

/** Loads the shared part of a marketing screen: texts of group "page:<key>" and its URLs. */
export async function loadSitePage(services: Services, request: Request, lang: string | undefined, key: string): Promise<SitePageBase> {
  const code = isLanguage(lang) ? lang : DEFAULT_LANG;
  const origin = services.env.PUBLIC_ORIGIN.replace(/\/$/, "");
  const texts = await loadPageTexts(services.db, code, key);
  return {
    key,
    lang: code,
    origin,
    url: origin + new URL(request.url).pathname,
    ogImage: `${origin}/og/${code}/${key}.png`,
    texts,
  };
}
