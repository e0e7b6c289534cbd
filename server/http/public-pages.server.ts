import { matchPath } from "react-router";
import { isLanguage } from "../../common/i18n/languages.ts";
import { screens } from "../../common/screens.ts";

const publicPatterns = screens.filter((s) => s.audience === "public").map((s) => `/${s.path}`);

/**
 * Whether a path is one of the public screens of spec 2 (marketing and content pages, any
 * language prefix, the main page included), the only pages the page cache may share (issue 14):
 * account screens, tools and development pages (/dev/outbox) show data no content version follows.
 */
export function isPublicPage(pathname: string): boolean {
  const [, first, ...rest] = pathname.split("/");
  const path = isLanguage(first) ? `/${rest.join("/")}` : pathname;
  if (path === "/" || path === "") return true;
  return publicPatterns.some((pattern) => matchPath({ path: pattern, end: true }, path) !== null);
}
