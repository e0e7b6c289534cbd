import { useLocation, useRouteLoaderData } from "react-router";
import type { RootData } from "../../root.tsx";

/** The public origin (PUBLIC_ORIGIN) from the root loader, for absolute URLs. */
export function useOrigin(): string {
  return (useRouteLoaderData("root") as RootData | undefined)?.origin ?? "";
}

/**
 * Title, description, Open Graph and Twitter card tags of a page (React 19 hoists them into
 * <head>). " — Rankforge" is appended while the title stays within 60 characters; `type`
 * "article" adds the publication times.
 */
export function PageMeta(props: {
  title: string;
  description: string;
  type?: "website" | "article";
  published?: string;
  modified?: string;
}) {
  const origin = useOrigin();
  const { pathname } = useLocation();
  const full = props.title.length + 12 <= 60 && !props.title.includes("Rankforge") ? `${props.title} — Rankforge` : props.title;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={props.description} />
      <meta property="og:title" content={props.title} />
      <meta property="og:description" content={props.description} />
      <meta property="og:type" content={props.type ?? "website"} />
      <meta property="og:site_name" content="Rankforge" />
      <meta property="og:url" content={origin + pathname} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={props.title} />
      <meta name="twitter:description" content={props.description} />
      {props.published && <meta property="article:published_time" content={props.published} />}
      {props.modified && <meta property="article:modified_time" content={props.modified} />}
    </>
  );
}

/** A JSON-LD block; `<` is escaped so the data can never close the script element. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
