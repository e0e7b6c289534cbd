/**
 * Catalogue of every screen in spec section 2: its route path (without the optional language
 * prefix), the controller name recognised by the first path segment, its title and summary, and
 * whether it is public (indexable, in the sitemap) or part of the account area (noindex).
 * app/routes.ts is generated from this table; every screen names the module that renders it.
 */
export interface Screen {
  /** Route id, unique. */
  id: string;
  /** Path pattern without the language prefix, React Router syntax. */
  path: string;
  /** Module under app/routes/ that renders it. */
  module: string;
  /** "site": with header and footer; "bare": without (spec 2). */
  layout: "site" | "bare";
  /** Public marketing/content page (indexable) or account/tool page (noindex). */
  audience: "public" | "account";
  /** Whether the route also exists under a language prefix (all but /unsubscribe). */
  localized: boolean;
  /** A public page kept out of search (robots noindex, not in the sitemap), e.g. thank-you pages. */
  noindex?: boolean;
  /** A logged-in tool screen: rendered inside the tools layout with page-sidebar (app/routes/tools.tsx). */
  tool?: boolean;
  title: string;
  summary: string;
}

type Row = [id: string, path: string, title: string, summary: string, opts: Partial<Screen> & { module: string }];

const pub = (rows: Row[]): Screen[] =>
  rows.map(([id, path, title, summary, opts]) => ({
    id,
    path,
    title,
    summary,
    layout: "site",
    audience: "public",
    localized: true,
    ...opts,
  }));

const acct = (rows: Row[]): Screen[] => pub(rows).map((s) => ({ ...s, audience: "account" as const }));

export const screens: Screen[] = [
  ...pub([
    [
      "support",
      "support",
      "Support",
      "Write to your personal SEO manager and get an answer within one business day.",
      { module: "routes/request-screen.tsx" },
    ],
    [
      "autoseo",
      "autoseo",
      "AutoSEO",
      "Automated SEO: technical fixes, on-page optimisation and monthly reports from 99 USD a month.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "fullseo",
      "fullseo",
      "FullSEO",
      "Full-service SEO run by a dedicated team: strategy, content, links and reporting.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "e-commerce",
      "e-commerce",
      "E-commerce SEO",
      "SEO for online stores: category and product pages, faceted navigation, structured data.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "analytics",
      "analytics",
      "SEO analytics plans",
      "Free, Standard, Professional and Advanced plans for rank tracking, audits and reports.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "seo-consultation",
      "seo-consultation",
      "Free SEO consultation",
      "Talk to an SEO specialist about your site, free of charge.",
      { module: "routes/request-screen.tsx" },
    ],
    [
      "audit-request",
      "audit-request",
      "Request an SEO audit",
      "Order a manual SEO audit of your website from our specialists.",
      { module: "routes/request-screen.tsx" },
    ],
    [
      "dedicated-seo-dashboard",
      "dedicated-seo-dashboard",
      "Dedicated SEO Dashboard",
      "A white-label SEO dashboard for agencies and their clients.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "lp-website-checker",
      "lp-website-checker",
      "Website checker",
      "Crawl your whole site and find every technical SEO issue in minutes.",
      { module: "routes/lp-website-checker.tsx" },
    ],
    [
      "ssl",
      "ssl",
      "SSL certificates",
      "Basic, Standard and Premium SSL certificates for secure, trusted websites.",
      { module: "routes/marketing.tsx" },
    ],
    ["autoseo-trial", "autoseo-trial", "AutoSEO trial", "Try AutoSEO for 14 days for 0.99 USD.", { module: "routes/marketing.tsx" }],
    ["price", "price", "Pricing", "Plans and prices for AutoSEO, FullSEO, analytics and SSL.", { module: "routes/price.tsx" }],
    ["price-ai", "price-ai", "Pricing", "Plans and prices for AutoSEO, FullSEO, analytics and SSL.", { module: "routes/price.tsx" }],
    [
      "privacy-policy",
      "privacy-policy",
      "Privacy policy",
      "How Rankforge collects, uses and protects personal data.",
      { module: "routes/legal.tsx" },
    ],
    [
      "terms-of-service",
      "terms-of-service",
      "Terms of service",
      "The terms that govern the use of Rankforge services.",
      { module: "routes/legal.tsx" },
    ],
    [
      "public-offer-agreement",
      "public-offer-agreement",
      "Public offer agreement",
      "The public offer for the purchase of Rankforge services.",
      { module: "routes/legal.tsx" },
    ],
    ["refund-policy", "refund-policy", "Refund policy", "When and how Rankforge refunds payments.", { module: "routes/legal.tsx" }],
    ["anti-spam-policy", "anti-spam-policy", "Anti-spam policy", "Our rules against unsolicited messages.", { module: "routes/legal.tsx" }],
    [
      "fullseo-checklist",
      "fullseo-checklist",
      "FullSEO checklist",
      "Everything the FullSEO team does for your site, step by step.",
      { module: "routes/checklist.tsx" },
    ],
    [
      "autoseo-checklist",
      "autoseo-checklist",
      "AutoSEO checklist",
      "Everything AutoSEO does for your site, step by step.",
      { module: "routes/checklist.tsx" },
    ],
    [
      "contacts",
      "contacts",
      "Contacts",
      "Our head office in Kyiv, Ukraine, and every way to reach your manager.",
      { module: "routes/contacts.tsx" },
    ],
    [
      "affiliate-program",
      "affiliate-program",
      "Affiliate program",
      "Earn commission for every customer you refer to Rankforge.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "reseller-program",
      "reseller-program",
      "Reseller program",
      "Resell Rankforge SEO services under your own brand.",
      { module: "routes/marketing.tsx" },
    ],
    [
      "write-a-review",
      "write-a-review",
      "Write a review",
      "Tell other customers about your experience with Rankforge.",
      { module: "routes/write-a-review.tsx" },
    ],
    [
      "client-testimonials",
      "client-testimonials",
      "Client testimonials",
      "What our clients say about working with Rankforge.",
      { module: "routes/reviews.tsx" },
    ],
    [
      "autoseo-client-reviews",
      "autoseo-client-reviews",
      "AutoSEO client reviews",
      "Reviews of AutoSEO from its users.",
      { module: "routes/reviews.tsx" },
    ],
    [
      "cases",
      "cases",
      "SEO audit studies",
      "Independent SEO audit studies of real websites: what we found and how to fix it.",
      { module: "routes/cases.tsx" },
    ],
    ["case", "case/:case_slug", "SEO audit study", "An independent SEO audit study of a real website.", { module: "routes/case.tsx" }],
    [
      "dsd-quick-tour",
      "dsd-quick-tour",
      "Dedicated SEO Dashboard tour",
      "A step-by-step tour of the Dedicated SEO Dashboard.",
      { module: "routes/tour.tsx" },
    ],
    ["about", "about", "About Rankforge", "Who we are and how we work.", { module: "routes/marketing.tsx" }],
    ["wechat", "wechat", "WeChat", "Reach your personal manager on WeChat.", { module: "routes/wechat.tsx" }],
    [
      "request-backlinks",
      "request-backlinks",
      "Request backlinks",
      "Order high-quality backlinks for your website.",
      { module: "routes/request-screen.tsx" },
    ],
    ["wow", "wow", "Instant SEO audit", "Enter a site and get an instant SEO audit.", { module: "routes/marketing.tsx" }],
    ["whatsnew", "whatsnew", "What's new", "Release notes for Rankforge tools.", { module: "routes/whatsnew.tsx" }],
    [
      "video-message",
      "video-message",
      "A video message from your manager",
      "A personal video from your SEO manager.",
      { module: "routes/video-message.tsx", noindex: true },
    ],
    [
      "thanks-serp-simulator",
      "thank-you-serp-simulator",
      "Thank you for installing SERP Simulator",
      "Your SERP simulator extension is ready.",
      { module: "routes/marketing.tsx", noindex: true },
    ],
    [
      "thanks-seo-audit",
      "thank-you-seo-audit-tool",
      "Thank you for installing SEO Audit Tool",
      "Your SEO audit extension is ready.",
      { module: "routes/marketing.tsx", noindex: true },
    ],
    [
      "thanks-rankforge",
      "thank-you-rankforge-extension",
      "Thank you for installing the Rankforge extension",
      "Your Rankforge extension is ready.",
      { module: "routes/marketing.tsx", noindex: true },
    ],
    ["blog", "blog", "Blog", "Articles on technical SEO, content and link building.", { module: "routes/blog/index.tsx" }],
    ["blog-category", "blog/category/:cat_slug", "Blog category", "Articles in this category.", { module: "routes/blog/category.tsx" }],
    ["blog-tag", "blog/tag/:tag_slug", "Blog tag", "Articles with this tag.", { module: "routes/blog/tag.tsx" }],
    [
      "blog-search",
      "blog/search",
      "Search the blog",
      "Find articles on the Rankforge blog.",
      { module: "routes/blog/search.tsx", noindex: true },
    ],
    ["blog-post", "blog/:post_slug", "Blog post", "An article from the Rankforge blog.", { module: "routes/blog/post.tsx" }],
    [
      "worldwideseo",
      "worldwideseo/:url",
      "SEO overview",
      "A public SEO overview of a website.",
      { module: "routes/worldseo.tsx", noindex: true },
    ],
    ["worldseo", "worldseo/:url", "SEO overview", "A public SEO overview of a website.", { module: "routes/worldseo.tsx", noindex: true }],
  ]),
  ...acct([
    ["affiliate", "affiliate", "Affiliate dashboard", "Your referrals, commissions and payouts.", { module: "routes/affiliate.tsx" }],
    [
      "reseller",
      "reseller",
      "Reseller dashboard",
      "Your client projects and reseller commissions.",
      { module: "routes/reseller.tsx", noindex: true },
    ],
    [
      "page-sidebar",
      "page-sidebar",
      "SEO tools",
      "Every Rankforge SEO tool in one place.",
      { module: "routes/page-sidebar.tsx", tool: true },
    ],
    ["insights", "insights", "Insights", "Insights about your projects.", { module: "routes/insights.tsx", tool: true }],
    [
      "page-speed",
      "page-speed",
      "Page speed",
      "Lighthouse performance of your pages on mobile and desktop.",
      { module: "routes/page-speed.tsx", tool: true },
    ],
    [
      "best-pages",
      "best-pages",
      "Best pages",
      "Your pages that bring the most search traffic.",
      { module: "routes/best-pages.tsx", tool: true },
    ],
    ["analyzer", "analyzer", "Page analyzer", "Every on-page SEO check on one URL.", { module: "routes/analyzer.tsx", tool: true }],
    [
      "website-checker",
      "website-checker",
      "Website checker",
      "Crawl a whole site and see every technical SEO issue.",
      { module: "routes/website-checker.tsx", tool: true },
    ],
    ["settings", "settings", "Settings", "Your profile, password and notifications.", { module: "routes/settings.tsx" }],
    ["payments", "payments", "Payments", "Your invoices and subscriptions.", { module: "routes/payments.tsx" }],
    [
      "unsubscribe",
      "unsubscribe",
      "Unsubscribe",
      "Manage your e-mail subscriptions.",
      { localized: false, module: "routes/unsubscribe.tsx" },
    ],
    ["payment-result", "payment-result/:status?", "Payment result", "The result of your payment.", { module: "routes/payment-result.tsx" }],
    ["addproject", "addproject", "Add a project", "Add a website to track.", { tool: true, module: "routes/addproject.tsx" }],
    [
      "addproject-vald",
      "addproject/:vald",
      "Verify your site",
      "Prove that you own the site of a project.",
      { tool: true, module: "routes/addproject-vald.tsx" },
    ],
    [
      "addengine",
      "addengine/:ids",
      "Search engines",
      "Choose the search engines and regions to track.",
      { tool: true, module: "routes/addengine.tsx" },
    ],
    [
      "project-rankings",
      "project/rankings",
      "Rankings",
      "Keyword positions, history, visibility and competitors.",
      { tool: true, module: "routes/rankings.tsx" },
    ],
    ["start", "start", "Get started", "Start with Rankforge.", { tool: true, module: "routes/start.tsx" }],
    ["reports", "reports", "Reports", "Your SEO reports.", { tool: true, module: "routes/reports.tsx" }],
    ["reports-edit", "reports/edit/:pid", "Edit report", "Edit a report.", { tool: true, module: "routes/reports-form.tsx" }],
    ["reports-create", "reports/create", "Create a report", "Create a new SEO report.", { tool: true, module: "routes/reports-form.tsx" }],
    [
      "reports-create-delivery",
      "reports/create-delivery",
      "Create a delivery",
      "Schedule a report delivery.",
      { tool: true, module: "routes/delivery-form.tsx" },
    ],
    [
      "reports-delivery",
      "reports/delivery",
      "Report deliveries",
      "Scheduled report deliveries.",
      { tool: true, module: "routes/delivery.tsx" },
    ],
    [
      "reports-delivery-new",
      "reports/delivery/new",
      "New delivery",
      "Schedule a report delivery.",
      { tool: true, module: "routes/delivery-form.tsx" },
    ],
    [
      "reports-delivery-edit",
      "reports/delivery/edit/:pid",
      "Edit delivery",
      "Edit a report delivery.",
      { tool: true, module: "routes/delivery-form.tsx" },
    ],
    [
      "reports-white-label",
      "reports/white-label",
      "White-label reports",
      "Your white-label report brands.",
      { tool: true, module: "routes/white-label.tsx" },
    ],
    [
      "reports-white-label-new",
      "reports/white-label/new",
      "New white-label brand",
      "Create a white-label brand.",
      { tool: true, module: "routes/white-label-form.tsx" },
    ],
    [
      "reports-white-label-edit",
      "reports/white-label/edit/:pid",
      "Edit white-label brand",
      "Edit a white-label brand.",
      { tool: true, module: "routes/white-label-form.tsx" },
    ],
    ["reports-popup", "reports/:rpopup/:sid", "Reports", "Your SEO reports.", { tool: true, module: "routes/reports.tsx" }],
    ["project-group", "project/group", "Project groups", "Group your projects.", { tool: true, module: "routes/project-groups.tsx" }],
    ["sproject-group", "sproject/group", "Project groups", "Group your projects.", { tool: true, module: "routes/project-groups.tsx" }],
    ["dashboard", "dashboard", "Dashboard", "Your SEO dashboard.", { layout: "bare", module: "routes/dashboard.tsx" }],
    ["dashboard-project", "dashboard/:id_project", "Dashboard", "Your SEO dashboard.", { layout: "bare", module: "routes/dashboard.tsx" }],
    ["popup", "popup/:id_popup", "Popup", "A popup shown alone.", { layout: "bare", module: "routes/popup.tsx" }],
    ["chat-client", "chat-client", "Chat", "Chat with your manager.", { layout: "bare", module: "routes/chat-client.tsx" }],
  ]),
];

/** Screen by route id. */
export const screenById = new Map(screens.map((s) => [s.id, s]));

/**
 * Screens that show the same content as another screen (spec 2: /price-ai is the /price screen):
 * alias id → original path. An alias is canonicalised to its original and left out of the sitemap.
 */
export const SCREEN_ALIASES: Readonly<Record<string, string>> = { "price-ai": "/price" };
