import { data, Outlet } from "react-router";
import { SeoLinks } from "../components/seo-links.tsx";
import { isLanguage } from "../../common/i18n/languages.ts";
import type { Route } from "./+types/bare";

/** Layout without header and footer: dashboard, popup, chat-client (spec 2). */
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) throw data(null, { status: 404 });
  return null;
}

export const handle = { noindex: true };

export default function BareLayout() {
  return (
    <>
      <SeoLinks />
      <Outlet />
    </>
  );
}
