import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { servicesContext } from "./context.ts";
import { LANGUAGES, DEFAULT_LANG, isLanguage, localizePath, splitLangPrefix, toBcp47 } from "./i18n/languages.ts";
import { useDownloadParam } from "./lib/download-param.ts";
import { screenById } from "./screens.ts";
import { loadTexts } from "../server/i18n/texts.server.ts";

/** Route `handle` flags read by the document: `noindex` for screens outside the public site. */
export interface RouteHandle {
  noindex?: boolean;
}

/**
 * Root loader: the interface language from the URL prefix (spec 2), its texts with English
 * fallback, and the public settings the client needs (global environment value, spec 2).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  const texts = await loadTexts(services.db, lang);
  return {
    lang,
    bcp47: toBcp47(lang),
    texts,
    origin: services.env.PUBLIC_ORIGIN,
    env: {
      lang,
      officialOrigins: services.env.OFFICIAL_ORIGINS,
      allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS,
    },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Public settings exposed to the browser as `window.__RF_ENV__` (spec 2 "global environment value"). */
export type ClientEnv = RootData["env"];

function SeoLinks({ origin, indexable }: { origin: string; indexable: boolean }) {
  const { pathname } = useLocation();
  if (!indexable) return <meta name="robots" content="noindex, follow" />;
  const { rest } = splitLangPrefix(pathname);
  const { lang } = splitLangPrefix(pathname);
  const href = (code: string) => origin + localizePath(code, rest);
  return (
    <>
      <link rel="canonical" href={href(lang ?? DEFAULT_LANG)} />
      {LANGUAGES.map((l) => (
        <link key={l.code} rel="alternate" hrefLang={l.bcp47} href={href(l.code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LANG)} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const matches = useMatches();
  const error = useRouteError();
  const noindex =
    !data ||
    error !== undefined || matches.some((m) => (m.handle as RouteHandle | undefined)?.noindex || screenById.get(m.id)?.audience === "account");
  useDownloadParam(data?.env.officialOrigins ?? []);
  return (
    <html lang={data?.bcp47 ?? "en"} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111a2e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <SeoLinks origin={data?.origin ?? ""} indexable={!noindex} />
        <Links />
      </head>
      <body className="min-h-screen">
        <div id="app21" className="flex min-h-screen flex-col">
          {children}
        </div>
        <script
          dangerouslySetInnerHTML={{ __html: `window.__RF_ENV__=${JSON.stringify(data?.env ?? { lang: "en" }).replace(/</g, "\\u003c")}` }}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = error && typeof error === "object" && "status" in error ? Number(error.status) : 500;
  return (
    <main className="container-page py-24 text-center">
      <h1 className="text-3xl font-bold">{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-ink-500">
        <a href="/">Go to the main page</a>
      </p>
    </main>
  );
}
