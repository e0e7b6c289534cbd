/** Text ids of the main page copy (issue 4, group "site": also shown for unknown paths, spec 2). */
export const H = {
  eyebrow: 34600,
  h1: 34601,
  lead: 34602,
  free: 34603,
  health: 34604,
  healthDelta: 34605,
  issues: [34606, 34607, 34608],
  servicesEyebrow: 34609,
  servicesTitle: 34610,
  learn: 34623,
  toolsEyebrow: 34624,
  toolsTitle: 34625,
  howTitle: 34631,
  steps: [
    [34632, 34633],
    [34634, 34635],
    [34636, 34637],
  ],
  ctaTitle: 34638,
  ctaText: 34639,
  ctaButton: 34640,
  example: 34749,
} as const;

/**
 * Service cards: path, name (brand or text id), price (the package whose cheapest plan the card
 * quotes from the price tables, issue 16 point 5, or a text id) and text id.
 */
export const HOME_SERVICES = [
  { to: "/autoseo", name: "AutoSEO", price: "autoseo", text: 34612 },
  { to: "/fullseo", name: "FullSEO", price: "fullseo", text: 34614 },
  { to: "/e-commerce", name: 34700, price: "fullseo", text: 34616 },
  { to: "/analytics", name: 34701, price: "analytics", text: 34618 },
  { to: "/ssl", name: 34702, price: "ssl", text: 34620 },
  { to: "/seo-consultation", name: 34641, price: 34621, text: 34622 },
] as const;

/** Tool cards: path, name text id and text id. */
export const HOME_TOOLS = [
  { to: "/lp-website-checker", name: 34704, text: 34626 },
  { to: "/analyzer", name: 34705, text: 34627 },
  { to: "/page-speed", name: 34706, text: 34628 },
  { to: "/reports", name: 34629, text: 34630 },
] as const;
