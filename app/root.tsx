import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { servicesContext } from "../server/http/router-context.server.ts";
import { DEFAULT_LANG, getLanguage, isLanguage, toBcp47 } from "../common/i18n/languages.ts";
import { useDownloadParam } from "./lib/download-param.ts";
import { useNonce } from "./lib/nonce.ts";
import { useLang, useT } from "./i18n/use-texts.ts";
import { useLocalized } from "./i18n/use-localized.ts";
import { I18N } from "../common/i18n/text-ids.ts";
import { fill } from "../common/i18n/message.ts";
import { ConsentBanner } from "./consent/consent-banner.tsx";
import { loadTexts } from "../server/i18n/texts.server.ts";
import { textGaps } from "../server/i18n/text-gaps.server.ts";
import { getUserFromRequest } from "../server/auth/current-user.server.ts";
import { companyInfo, officeAddress } from "../server/site/company.server.ts";
import { siteFacts } from "../server/site/facts.server.ts";
import { islandsBuild, useIslandMode } from "./islands/island.tsx";
import { ROOT_DATA_ID } from "./islands/root-data.ts";

/**
 * Root loader: the interface language from the URL prefix (spec 2), its shared texts with English
 * fallback (screens load their own page groups), the public settings the client needs (global
 * environment value, spec 2), the signed-in user (null for a guest, spec 6) and which languages
 * lack part of a text group (issue 15 rule 3: only complete pages are indexable).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  const [texts, user, gaps, facts] = await Promise.all([
    loadTexts(services.db, lang, { shell: true }),
    getUserFromRequest(services, request),
    textGaps(services.db),
    siteFacts(services.db),
  ]);
  return {
    account: user ? { id: user.id, name: user.name, email: user.email } : null,
    lang,
    bcp47: toBcp47(lang),
    dir: getLanguage(lang).dir,
    texts,
    textGaps: gaps,
    origin: services.env.PUBLIC_ORIGIN,
    company: { ...companyInfo(services.env), address: officeAddress(services.env) },
    facts,
    env: {
      lang,
      officialOrigins: services.env.OFFICIAL_ORIGINS,
      allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS,
      ip2cUrl: services.env.IP2C_URL,
      marketingScriptUrl: services.env.MARKETING_SCRIPT_URL ?? "",
      googleClientId: services.env.GOOGLE_CLIENT_ID ?? null,
    },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Public settings exposed to the browser as `window.__RF_ENV__` (spec 2 "global environment value"). */
export type ClientEnv = RootData["env"];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  useDownloadParam(data?.env.officialOrigins ?? []);
  const nonce = useNonce();
  const islands = useIslandMode();
  return (
    <html lang={data?.bcp47 ?? "en"} dir={data?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111a2e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <div id="app21" className="flex min-h-screen flex-col">
          {children}
          <ConsentBanner />
        </div>
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: `window.__RF_ENV__=${JSON.stringify(data?.env ?? { lang: "en" }).replace(/</g, "\\u003c")}` }}
        />
        {islands && islandsBuild ? (
          <>
            <script
              type="application/json"
              id={ROOT_DATA_ID}
              dangerouslySetInnerHTML={{ __html: JSON.stringify(data ?? null).replace(/</g, "\\u003c") }}
            />
            {islandsBuild.imports.map((src) => (
              <link key={src} rel="modulepreload" href={src} nonce={nonce} />
            ))}
            <script type="module" src={islandsBuild.src} nonce={nonce} />
          </>
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last-resort error page (the root loader itself may have failed, so each text keeps its English fallback). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = error && typeof error === "object" && "status" in error ? Number(error.status) : 500;
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const data = useRouteLoaderData("root") as RootData | undefined;
  return (
    <main className="container-page py-24 text-center">
      <meta name="robots" content="noindex, follow" />
      <h1 className="text-3xl font-bold">
        {status === 404 ? t(I18N.notFoundTitle, "Page not found") : t(I18N.errorTitle, "This page could not be shown")}
      </h1>
      {status !== 404 && (
        <p className="mt-4 text-ink-700">
          {fill(
            t(I18N.errorRetry, "Our server ran into an error (code {status}). Reload the page in a minute."),
            { status, email: data?.company.email ?? "" },
            lang,
          )}
        </p>
      )}
      <p className="mt-4 text-ink-500">
        <a href={to("/")}>{t(I18N.mainPage, "Go to the main page")}</a>
      </p>
    </main>
  );
}
