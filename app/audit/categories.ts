/** Check categories of the site audit and the text ids of their names (227xx). */
export const CATEGORY_TEXT: Record<string, number> = {
  http: 22700,
  redirects: 22701,
  indexability: 22702,
  titles: 22703,
  "meta-descriptions": 22704,
  headings: 22705,
  content: 22706,
  links: 22707,
  images: 22708,
  canonical: 22709,
  hreflang: 22710,
  "structured-data": 22711,
  social: 22712,
  mobile: 22713,
  security: 22714,
  performance: 22715,
  urls: 22716,
  sitemaps: 22717,
  "site-structure": 22718,
  javascript: 22719,
};

/** Category order of the reports (as in docs/checks.md). */
export const CATEGORY_ORDER: readonly string[] = Object.keys(CATEGORY_TEXT);
