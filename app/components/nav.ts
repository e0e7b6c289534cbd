/** Site navigation groups shared by the header and the footer (paths without language prefix). */
export const NAV = {
  services: [
    { to: "/autoseo", label: "AutoSEO" },
    { to: "/fullseo", label: "FullSEO" },
    { to: "/e-commerce", label: "E-commerce SEO" },
    { to: "/analytics", label: "SEO analytics" },
    { to: "/dedicated-seo-dashboard", label: "Dedicated SEO Dashboard" },
    { to: "/ssl", label: "SSL certificates" },
    { to: "/seo-consultation", label: "Free consultation" },
  ],
  tools: [
    { to: "/lp-website-checker", label: "Website checker" },
    { to: "/analyzer", label: "Page analyzer" },
    { to: "/page-speed", label: "Page speed" },
    { to: "/best-pages", label: "Best pages" },
    { to: "/reports", label: "Reports" },
  ],
  company: [
    { to: "/about", label: "About us" },
    { to: "/cases", label: "Audit studies" },
    { to: "/client-testimonials", label: "Testimonials" },
    { to: "/blog", label: "Blog" },
    { to: "/reseller-program", label: "Reseller program" },
    { to: "/affiliate-program", label: "Affiliate program" },
    { to: "/contacts", label: "Contacts" },
  ],
  legal: [
    { to: "/privacy-policy", label: "Privacy policy" },
    { to: "/terms-of-service", label: "Terms of service" },
    { to: "/public-offer-agreement", label: "Public offer agreement" },
    { to: "/refund-policy", label: "Refund policy" },
    { to: "/anti-spam-policy", label: "Anti-spam policy" },
  ],
} as const;

/**
 * The company links to show: /client-testimonials only once a review is approved (issue 16 point
 * 17: no empty page in the menus). `reviews` null (unknown) keeps the full list.
 */
export function companyNav(reviews: number | null): readonly { to: string; label: string }[] {
  return NAV.company.filter((l) => l.to !== "/client-testimonials" || reviews === null || reviews > 0);
}
