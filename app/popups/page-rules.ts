import { splitLangPrefix } from "../../common/i18n/languages.ts";

/** The controller name of a path: its first segment after the optional language prefix ("index" for "/"). Spec 2. */
export function controllerOf(pathname: string): string {
  const { rest } = splitLangPrefix(pathname);
  return rest.split("/").filter(Boolean)[0] ?? "index";
}

/** Spec 2: pages where the login, manager-request and chat components do not load. */
export const NO_GLOBAL_COMPONENTS = ["popup", "wow", "dashboard", "affiliate", "popup-request", "chat-client"] as const;

/** Spec 2: whether the login, request and chat components load on a page. */
export function loadsGlobalComponents(controller: string): boolean {
  return !(NO_GLOBAL_COMPONENTS as readonly string[]).includes(controller);
}

/** Spec 2: whether the request component loads separately (not on contacts, which embeds its own form). */
export function loadsRequestComponent(controller: string): boolean {
  return loadsGlobalComponents(controller) && controller !== "contacts";
}

/** Spec 2: the only pages the floating marketing button shows on. */
export const MARKETING_BUTTON_PAGES = [
  "addproject",
  "addengine",
  "support",
  "payments",
  "settings",
  "best-pages",
  "analyzer",
  "page-speed",
  "cases",
  "case",
  "autoseo-client-reviews",
  "client-testimonials",
  "autoseo-checklist",
  "fullseo-checklist",
  "project",
  "sproject",
] as const;

/** Spec 2: pages where guests do not see the marketing button. */
export const MARKETING_BUTTON_MEMBERS_ONLY = ["best-pages", "analyzer", "page-speed", "support"] as const;

/** Spec 2: the button's default offset from the bottom of the window, px. */
export const MARKETING_BUTTON_BOTTOM_PX = 30;

/**
 * Spec 2 floating marketing button: only on its pages, hidden for guests on best-pages,
 * analyzer, page-speed and support, and for the Turkish language. (Hidden on mobile by CSS.)
 */
export function showsMarketingButton(controller: string, ctx: { loggedIn: boolean; lang: string }): boolean {
  if (ctx.lang === "tr") return false;
  if (!(MARKETING_BUTTON_PAGES as readonly string[]).includes(controller)) return false;
  if (!ctx.loggedIn && (MARKETING_BUTTON_MEMBERS_ONLY as readonly string[]).includes(controller)) return false;
  return true;
}
