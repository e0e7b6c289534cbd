/** Interface texts of one screen by numeric text id (English fallback already applied). */
export type Texts = Record<number, string>;

/** A text lookup: the text of `id`, or `fallback` ("" when none) if the id has no text. */
export type TFn = (id: number, fallback?: string) => string;

/** Builds the lookup for a screen's texts. */
export function makeT(texts: Texts): TFn {
  return (id, fallback = "") => texts[id] ?? fallback;
}

/**
 * Items of a repeated block stored as consecutive text ids: item i uses ids start + i*stride …
 * start + i*stride + stride - 1. Items are read while the first id of the item has a text, at most
 * `max`. Returns the ids of each item's fields, e.g. [[30220, 30221], [30222, 30223]].
 */
export function series(texts: Texts, start: number, stride: number, max: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < max; i++) {
    const first = start + i * stride;
    if (texts[first] === undefined) break;
    out.push(Array.from({ length: stride }, (_, k) => first + k));
  }
  return out;
}
