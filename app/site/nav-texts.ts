import { useT } from "../i18n/use-texts.ts";

/**
 * Text ids of the header and footer link labels by path (issue 4, group "site", loaded with the
 * shared layout texts). Brand names (AutoSEO, FullSEO, Dedicated SEO Dashboard) have none.
 */
export const NAV_TEXT_IDS: Readonly<Record<string, number>> = {
  "/e-commerce": 34700,
  "/analytics": 34701,
  "/ssl": 34702,
  "/seo-consultation": 34703,
  "/lp-website-checker": 34704,
  "/analyzer": 34705,
  "/page-speed": 34706,
  "/best-pages": 34707,
  "/reports": 34708,
  "/about": 34709,
  "/cases": 34710,
  "/client-testimonials": 34711,
  "/blog": 34712,
  "/reseller-program": 34713,
  "/affiliate-program": 34714,
  "/contacts": 34715,
  "/privacy-policy": 34716,
  "/terms-of-service": 34717,
  "/public-offer-agreement": 34718,
  "/refund-policy": 34719,
  "/anti-spam-policy": 34720,
  "/price": 34721,
  "/project": 34722,
  "/page-sidebar": 34723,
};

/** Other shell texts: the phone menu button, the footer price note, the logo link's name. */
export const SHELL = { menu: 34740, pricesFooter: 34741, homeLink: 34742 } as const;

/** Returns `label(path, fallback)`: the link label of `path` in the interface language. */
export function useNavLabel(): (path: string, fallback: string) => string {
  const t = useT();
  return (path, fallback) => {
    const id = NAV_TEXT_IDS[path];
    return id === undefined ? fallback : t(id, fallback);
  };
}
