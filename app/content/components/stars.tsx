import { useLang, useT } from "../../i18n/use-texts.ts";
import { fill } from "../../../common/i18n/message.ts";
import { C } from "../text-ids.ts";

const STAR = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/** `n` small filled stars, decorative (the label next to them says what they mean). */
export function StarIcons({ n, size = 14 }: { n: number; size?: number }) {
  return (
    <span aria-hidden="true" className="inline-flex gap-px text-amber-500">
      {Array.from({ length: n }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 20 20">
          <path fill="currentColor" d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/** A 1–5 star rating drawn in SVG, announced as "n out of 5 stars". */
export function Stars({ value, size = 18 }: { value: number; size?: number }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <span role="img" aria-label={fill(t(C.starsOutOf5), { n: value }, lang)} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => (
        <svg
          key={i}
          width={size}
          height={size}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={i <= Math.round(value) ? "text-amber-500" : "text-ink-100"}
        >
          <path fill="currentColor" d={STAR} />
        </svg>
      ))}
    </span>
  );
}
