/**
 * What the islands build (decision 0017) gets when island code imports "react-router": the few
 * hooks and the Link the site's shell and islands use, answering from the page itself, without
 * the router (≈ 40 KB gzip less). Navigating loads the new page. Server rendering and every other
 * page use the real React Router; markup stays identical (e.g. Link's `data-discover`).
 */
import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from "react";

/** A navigation target: a path (with query) or a number of history steps. */
export type To = string;

const RootDataContext = createContext<unknown>(null);

/** Provides the root loader data the server wrote into the page to the hooks below. */
export function IslandRouter({ root, children }: { root: unknown; children: ReactNode }) {
  return <RootDataContext.Provider value={root}>{children}</RootDataContext.Provider>;
}

/** React Router's `useRouteLoaderData`: the root route's data, nothing for other routes. */
export function useRouteLoaderData(routeId: string): unknown {
  const root = useContext(RootDataContext);
  return routeId === "root" ? root : undefined;
}

/** React Router's `useLocation`: the page's URL. */
export function useLocation(): { pathname: string; search: string; hash: string; state: null; key: string } {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: "default" };
}

/** React Router's `useNavigate`: a path loads that page; a number moves in the history. */
export function useNavigate(): (to: To | number) => Promise<void> {
  return async (to) => {
    if (typeof to === "number") window.history.go(to);
    else window.location.assign(to);
  };
}

const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** React Router's `Link` as the plain link it renders (same attributes), followed by a page load. */
export function Link({
  to,
  reloadDocument: _reload,
  replace: _replace,
  state: _state,
  prefetch: _prefetch,
  preventScrollReset: _scroll,
  relative: _relative,
  viewTransition: _transition,
  discover = "render",
  ref,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: To;
  reloadDocument?: boolean;
  replace?: boolean;
  state?: unknown;
  prefetch?: string;
  preventScrollReset?: boolean;
  relative?: string;
  viewTransition?: boolean;
  discover?: "render" | "none";
  ref?: React.Ref<HTMLAnchorElement>;
}) {
  const internal = !ABSOLUTE.test(to);
  return <a {...rest} ref={ref} href={to} data-discover={internal && discover === "render" ? "true" : undefined} />;
}
