import { fill } from "../../../common/i18n/message.ts";
import { toBcp47 } from "../../../common/i18n/languages.ts";
import { I18N } from "../../../common/i18n/text-ids.ts";
import { useLang, useT } from "../../i18n/use-texts.ts";

/**
 * Notice on an article (blog post, case study) shown in another language than the interface's
 * (issue 15 rule 4): "This article is published in English.", naming the article's language in
 * the interface language (Intl.DisplayNames). Renders nothing when the languages match.
 */
export function LanguageNotice({ docLang }: { docLang: string }) {
  const t = useT();
  const { lang, bcp47 } = useLang();
  if (docLang === lang) return null;
  const name = new Intl.DisplayNames([bcp47], { type: "language" }).of(toBcp47(docLang)) ?? docLang;
  return (
    <p role="note" className="mb-8 max-w-[70ch] rounded-lg border border-ink-100 bg-ink-50 p-4 text-sm text-ink-700">
      {fill(t(I18N.publishedIn), { language: name }, lang)}
    </p>
  );
}
