import type { Route } from "./+types/home";
import { HomeContent } from "../components/home-content.tsx";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Rankforge — SEO services and SEO tools that find what holds your site back" },
    {
      name: "description",
      content:
        "Audit your website in seconds, fix what search engines see, and grow with AutoSEO and FullSEO packages run by a personal SEO manager.",
    },
    { property: "og:title", content: "Rankforge — SEO services and SEO tools" },
    { property: "og:type", content: "website" },
  ];
}

/** The main page (spec 2 "/"): sells the services and leads to the domain start box. */
export default function Home() {
  return <HomeContent />;
}
