/**
 * Title, description, Open Graph and Twitter card tags of a marketing screen (issue 4 "Our own
 * SEO"): every page has its own title, description and 1200×630 image.
 */
export function pageMeta(p: { title: string; description: string; url: string; image: string; type?: "website" | "article" }) {
  return [
    { title: p.title },
    { name: "description", content: p.description },
    { property: "og:type", content: p.type ?? "website" },
    { property: "og:site_name", content: "Rankforge" },
    { property: "og:title", content: p.title },
    { property: "og:description", content: p.description },
    { property: "og:url", content: p.url },
    { property: "og:image", content: p.image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: p.title },
    { name: "twitter:description", content: p.description },
    { name: "twitter:image", content: p.image },
  ];
}
