import { useLang, useT } from "../i18n/use-texts.ts";
import { icu } from "../../common/commerce/format.ts";
import { formatUsd } from "../../common/i18n/format.ts";

/** The commerce screens' text function: `ct(id, vars?)` with ICU plurals, and `usd(cents)`. */
export function useCt(): {
  ct: (id: number, vars?: Record<string, string | number>) => string;
  usd: (cents: number) => string;
  lang: string;
} {
  const t = useT();
  const { lang } = useLang();
  return {
    ct: (id, vars) => (vars ? icu(lang, t(id), vars) : t(id)),
    usd: (cents) => formatUsd(lang, cents),
    lang,
  };
}
