import { Link } from "react-router";
import { JsonLd, useOrigin } from "./page-meta.tsx";

/** One step of a breadcrumb trail; the last step (the current page) has no link. */
export interface Crumb {
  label: string;
  /** Localized path, e.g. "/de/blog". */
  to?: string;
}

/** A visible breadcrumb trail with its BreadcrumbList JSON-LD (schema.org). */
export function Breadcrumbs({ items, tone = "dark" }: { items: Crumb[]; tone?: "dark" | "light" }) {
  const origin = useOrigin();
  const link = tone === "dark" ? "text-ink-300 hover:text-white" : "text-ink-500 hover:text-ink-900";
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {items.map((c, i) => (
          <li key={i} className={`items-center gap-2 ${i === items.length - 1 && items.length > 2 ? "hidden sm:flex" : "flex"}`}>
            {i > 0 && (
              <span aria-hidden="true" className={tone === "dark" ? "text-ink-300" : "text-ink-500"}>
                /
              </span>
            )}
            {c.to ? (
              <Link to={c.to} className={`${link} no-underline`}>
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className={tone === "dark" ? "text-ink-100" : "text-ink-900"}>
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: items.map((c, i) => ({
            "@type": "ListItem",
            position: i + 1,
            name: c.label,
            ...(c.to ? { item: origin + c.to } : {}),
          })),
        }}
      />
    </nav>
  );
}
