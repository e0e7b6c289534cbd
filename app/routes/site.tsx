import { data, isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/site";
import { Footer } from "../components/footer.tsx";
import { Header } from "../components/header.tsx";
import { HomeContent } from "../components/home-content.tsx";
import { SeoLinks } from "../components/seo-links.tsx";
import { isLanguage } from "../../common/i18n/languages.ts";
import { I18N } from "../../common/i18n/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";
import { ManagerLayer } from "../popups/manager-layer.tsx";
import { AccountLayer } from "../accounts/account-layer.tsx";

/**
 * Layout of every screen with the shared header and footer (spec 2). A language prefix that is
 * not a supported language makes the path unknown: 404, showing the main page (spec 2). Error
 * texts come from the visitor's language (issue 15), English when the root data is missing.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) throw data(null, { status: 404 });
  return null;
}

export default function SiteLayout() {
  return (
    <ManagerLayer>
      <AccountLayer>
        <SeoLinks />
        <Header />
        <Outlet />
        <Footer />
      </AccountLayer>
    </ManagerLayer>
  );
}

/** Spec 2: an unknown path shows the main page (HTTP 404, noindex). Other errors get a plain page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  return (
    <>
      <Header />
      <meta name="robots" content="noindex, follow" />
      {notFound ? (
        <>
          <title>{`${t(I18N.notFoundTitle, "Page not found")} — Rankforge`}</title>
          <div role="status" className="bg-warn-100 py-3 text-center text-sm text-warn-600">
            {t(I18N.notFoundNotice, "The page you asked for does not exist. Here is our main page instead.")}
          </div>
          <HomeContent />
        </>
      ) : (
        <main className="container-page py-24 text-center">
          <title>{`${t(I18N.errorTitle, "Something went wrong")} — Rankforge`}</title>
          <h1 className="text-3xl font-bold">{t(I18N.errorTitle, "Something went wrong")}</h1>
          <p className="mt-4 text-ink-500">{t(I18N.errorRetry, "Please try again in a moment.")}</p>
        </main>
      )}
      <Footer />
    </>
  );
}
