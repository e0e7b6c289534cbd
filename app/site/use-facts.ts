import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root.tsx";
import type { SiteFacts } from "../../common/site/facts.ts";

/** The site's repeated figures (issue 16 point 5: check count, cheapest plans) from the root loader. */
export function useFacts(): SiteFacts | null {
  return (useRouteLoaderData("root") as RootData | undefined)?.facts ?? null;
}
