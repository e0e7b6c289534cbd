import { useContext, type ReactNode } from "react";
import { UNSAFE_DataRouterDataContext, useMatches } from "react-router";
import islands from "virtual:rankforge/islands";
import type { LazyImageProps } from "../components/lazy-image.tsx";
import type { OfficeMapBoxProps } from "../site/office-map-box.tsx";

/** The islands entry's files (decision 0017); null in `vite dev` and in the browser. */
export const islandsBuild = islands;

/** Route `handle` flag of a marketing page rendered without React Router hydration (decision 0017). */
export interface IslandsHandle {
  islands?: boolean;
}

/** Every island a marketing page may carry, by name, with the props the server writes for it. */
export interface IslandProps {
  "start-box": { id?: string; size?: "lg" | "md" };
  "lazy-image": LazyImageProps;
  "office-map": OfficeMapBoxProps;
}

/** The name of an island the islands entry hydrates. */
export type IslandName = keyof IslandProps;

/**
 * True on the server while rendering a page whose deepest route says `handle.islands` and that
 * rendered without an error: the page loads the islands entry instead of React Router's scripts.
 * Always false in the browser (React Router then renders the route as usual) and in `vite dev`.
 */
export function useIslandMode(): boolean {
  const matches = useMatches();
  const errors = useContext(UNSAFE_DataRouterDataContext)?.errors;
  if (!islandsBuild || errors) return false;
  return (matches.at(-1)?.handle as IslandsHandle | undefined)?.islands === true;
}

/**
 * An interactive part of a marketing page (decision 0017). In island mode the server wraps it in
 * `<div data-island data-props>` (display: contents) and the islands entry hydrates it as a React
 * root of its own with the same props; otherwise it renders its children only.
 */
export function Island<N extends IslandName>({ name, props, children }: { name: N; props: IslandProps[N]; children: ReactNode }) {
  if (!useIslandMode()) return <>{children}</>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} style={{ display: "contents" }}>
      {children}
    </div>
  );
}

/**
 * The page's own content below the header (decision 0017). In island mode the islands entry keeps
 * its server HTML untouched (only its islands hydrate), so the server marks it `data-page`.
 */
export function PageContent({ children }: { children: ReactNode }) {
  if (!useIslandMode()) return <>{children}</>;
  return (
    <div data-page="" style={{ display: "contents" }}>
      {children}
    </div>
  );
}
