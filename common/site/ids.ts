/**
 * Text ids of the public marketing site (issue 4, range 30000–34999). Shared labels live in
 * group "page:site" (30000–30199); each screen owns a block of 200 ids in its own group
 * "page:<key>", laid out by {@link PAGE_OFFSETS}. Texts: content/texts/<lang>/site.json.
 */
export const S = {
  included: 30000,
  audience: 30001,
  howItWorks: 30002,
  faq: 30003,
  prices: 30004,
  freeConsultation: 30005,
  allPrices: 30006,
  choosePlan: 30007,
  bestDeal: 30008,
  save: 30009,
  perMonth: 30010,
  monthsOne: 30011,
  monthsFew: 30012,
  monthsMany: 30013,
  monthsOther: 30014,
  regularPrice: 30015,
  home: 30016,
  days: 30017,
  requestAudit: 30018,
  talkToManager: 30019,
  pricesNote: 30020,
  free: 30021,
  term: 30023,
  perMonthEquivalent: 30024,
  startTrial: 30025,
  thenMonthly: 30026,
  breadcrumb: 30027,
  checklistProgress: 30028,
  checklistReset: 30029,
  tourStep: 30030,
  getStarted: 30031,
  orderCertificate: 30032,
  joinProgram: 30033,
  contactUs: 30034,
  auditNow: 30035,
  takeTour: 30037,
  seeTheDashboard: 30038,
  clientCases: 30039,
  tierFree: 30040,
  tierStandard: 30041,
  tierProfessional: 30042,
  tierAdvanced: 30043,
  tierBasic: 30044,
  tierPremium: 30045,
  sslStandard: 30046,
  fromPrice: 30047,
  orgDescription: 30050,
} as const;

/**
 * Offsets inside a screen's block. Repeated blocks are pairs (title, text; or question, answer),
 * read while the pair's first id has a text (app/site/text.ts `series`).
 */
export const PAGE_OFFSETS = {
  h1: 0,
  metaTitle: 1,
  metaDescription: 2,
  lead: 3,
  eyebrow: 4,
  ctaTitle: 5,
  ctaText: 6,
  includedHeading: 10,
  audienceHeading: 11,
  stepsHeading: 12,
  faqHeading: 13,
  /** Pairs, up to 10. */
  features: 20,
  /** Pairs, up to 5. */
  audience: 40,
  /** Pairs, up to 5. */
  steps: 50,
  /** Pairs, up to 10. */
  faq: 60,
  /** Screen-specific texts from here to +199. */
  extra: 100,
} as const;

/** First text id of each screen's block. */
export const PAGE_BASE = {
  autoseo: 30200,
  fullseo: 30400,
  "e-commerce": 30600,
  analytics: 30800,
  ssl: 31000,
  "autoseo-trial": 31200,
  "dedicated-seo-dashboard": 31400,
  "dsd-quick-tour": 31600,
  "autoseo-checklist": 31800,
  "fullseo-checklist": 32000,
  "reseller-program": 32200,
  "affiliate-program": 32400,
  about: 32600,
  contacts: 32800,
  wow: 33000,
  wechat: 33200,
  "video-message": 33400,
  "thank-you-serp-simulator": 33600,
  "thank-you-seo-audit-tool": 33800,
  "thank-you-rankforge-extension": 34000,
  worldwideseo: 34200,
  popup: 34400,
} as const;

/** A screen of the marketing site that has its own text block. */
export type PageKey = keyof typeof PAGE_BASE;
