import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";
import { fill } from "../../common/i18n/message.ts";
import type { Route } from "./+types/site";
import { Footer } from "../components/footer.tsx";
import { Header } from "../components/header.tsx";
import { HomeContent } from "../components/home-content.tsx";
import { SeoLinks } from "../components/seo-links.tsx";
import { isLanguage } from "../../common/i18n/languages.ts";
import { I18N } from "../../common/i18n/text-ids.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { SiteShell } from "../components/site-shell.tsx";
import { PageContent } from "../islands/island.tsx";

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
    <SiteShell>
      <PageContent>
        <SeoLinks />
        <Outlet />
      </PageContent>
    </SiteShell>
  );
}

/** Spec 2: an unknown path shows the main page (HTTP 404, noindex). Other errors get a plain page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Issue 16 point 13: say what went wrong (the status) and what to do, not "Something went wrong".
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const t = useT();
  const { lang } = useLang();
  const root = useRouteLoaderData("root") as RootData | undefined;
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
          <title>{`${t(I18N.errorTitle, "This page could not be shown")} — Rankforge`}</title>
          <h1 className="text-3xl font-bold">{t(I18N.errorTitle, "This page could not be shown")}</h1>
          <p className="mx-auto mt-4 max-w-xl text-ink-700" data-testid="error-help">
            {fill(
              status === 401 || status === 403
                ? t(I18N.errorAccess, "You need to sign in with the account this page belongs to (code {status}).")
                : t(I18N.errorRetry, "Our server ran into an error (code {status}). Reload the page in a minute."),
              { status, email: root?.company.email ?? "" },
              lang,
            )}
          </p>
        </main>
      )}
      <Footer />
    </>
  );
}
