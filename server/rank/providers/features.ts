/**
 * SERP features in the SerpApi-style envelope (SerpApi and SearchApi share these keys): which
 * features a page shows and the URLs each links to.
 */
import { arr, obj, type FeatureHit, type SerpFeature } from "./types.ts";

/** Envelope key → feature. */
const KEYS: [string, SerpFeature][] = [
  ["answer_box", "featured_snippet"],
  ["featured_snippet", "featured_snippet"],
  ["local_results", "local_pack"],
  ["local_pack", "local_pack"],
  ["related_questions", "people_also_ask"],
  ["inline_videos", "video"],
  ["video_results", "video"],
  ["inline_images", "images"],
  ["images_results", "images"],
  ["top_stories", "top_stories"],
  ["knowledge_graph", "knowledge_graph"],
  ["shopping_results", "shopping"],
  ["inline_shopping", "shopping"],
  ["ads", "ads"],
];

/** The URLs inside one feature value: `link`, `website` or `links.website` of it, its items or its `places`. */
function urlsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(urlsOf);
  const o = obj(value);
  const own = [o.link, o.website, obj(o.links).website].filter((u): u is string => typeof u === "string" && u !== "");
  return [...own, ...urlsOf(arr(o.places)), ...urlsOf(arr(o.results))];
}

/** The features present in a SerpApi-style JSON page. */
export function serpApiFeatures(json: Record<string, unknown>): FeatureHit[] {
  const out = new Map<SerpFeature, string[]>();
  for (const [key, feature] of KEYS) {
    const v = json[key];
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
    out.set(feature, [...(out.get(feature) ?? []), ...urlsOf(v)]);
  }
  return [...out].map(([feature, urls]) => ({ feature, urls }));
}
