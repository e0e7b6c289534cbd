import { useLang } from "./use-texts.ts";
import { localizePath } from "../../common/i18n/languages.ts";

/** Returns `to(path)`: the path in the current interface language (English has no prefix). */
export function useLocalized(): (path: string) => string {
  const { lang } = useLang();
  return (path) => localizePath(lang, path);
}
