import { redirect } from "react-router";
import type { Route } from "./+types/project-redirect";

/**
 * Spec 2/4: old project URLs /project/{idp} and /sproject/{idp} redirect to the base path with
 * the idp query parameter; other query parameters (e.g. auto=1) are kept.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = url.pathname.replace(/\/[^/]+\/?$/, "");
  const query = new URLSearchParams(url.search);
  query.delete("idp");
  const rest = query.toString();
  return redirect(`${base}?idp=${encodeURIComponent(params.idp)}${rest ? `&${rest}` : ""}`, 302);
}
