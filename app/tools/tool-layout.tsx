import { useSyncExternalStore, type ReactNode } from "react";
import { Form, Link, useLocation, useMatches, useNavigate } from "react-router";
import { TOOL_LINKS, toolHref, type ToolLink } from "../../common/tools-nav.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { TL, TOOL_LABEL } from "./text-ids.ts";

/** A project as the switcher lists it. */
export interface SwitcherProject {
  id: number;
  domain: string;
}

/** Which tool the current page belongs to (the rankings tab of the project screen counts as Rankings). */
function useCurrentTool(): ToolLink["key"] | null {
  const matches = useMatches();
  const { search } = useLocation();
  const ids = new Set(matches.map((m) => m.id));
  if (ids.has("project") || ids.has("sproject")) {
    if (new URLSearchParams(search).get("tab") === "rankings") return "rankings";
  }
  return TOOL_LINKS.find((l) => l.screens.some((s) => ids.has(s)))?.key ?? null;
}

const COLLAPSED_KEY = "rf_tools_collapsed";

/** localStorage read that answers null where storage is denied (a third-party iframe, private modes). */
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** localStorage write that does nothing where storage is denied. */
function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage denied: the choice lasts for this page only */
  }
}

/** Whether the side column is hidden: remembered in localStorage, expanded while rendering on the server. */
function useCollapsed(): [boolean, () => void] {
  const subscribe = (onChange: () => void) => {
    window.addEventListener("storage", onChange);
    return () => window.removeEventListener("storage", onChange);
  };
  const collapsed = useSyncExternalStore(
    subscribe,
    () => readStorage(COLLAPSED_KEY) === "1",
    () => false,
  );
  const toggle = () => {
    writeStorage(COLLAPSED_KEY, collapsed ? "0" : "1");
    window.dispatchEvent(new StorageEvent("storage", { key: COLLAPSED_KEY }));
  };
  return [collapsed, toggle];
}

/**
 * The layout of every logged-in tool screen (spec 2 page-sidebar): the tools navigation with the
 * current page marked, and the current project's switcher, beside the screen. On phones the tools
 * are one scrollable row above the screen; on wide screens a side column that can be hidden (the
 * choice is remembered in localStorage). Plain links and a GET form: it works before hydration.
 */
export function ToolLayout({ projects, idp, children }: { projects: SwitcherProject[]; idp: number | null; children: ReactNode }) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const current = useCurrentTool();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [collapsed, toggle] = useCollapsed();
  const project = projects.find((p) => p.id === idp) ?? null;
  return (
    <div className="flex flex-1 flex-col bg-ink-50">
      <div className="container-page flex flex-1 flex-col gap-4 py-4 lg:flex-row lg:gap-8 lg:py-8">
        <aside aria-label={t(TL.heading)} className={`shrink-0 ${collapsed ? "lg:w-10" : "lg:w-60"}`}>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-controls="tools-nav"
            className="hidden h-10 w-10 items-center justify-center rounded-lg border border-ink-100 bg-white text-ink-700 hover:border-ink-300 lg:inline-flex"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d={collapsed ? "M7 4l6 6-6 6" : "M13 4l-6 6 6 6"} />
            </svg>
            <span className="sr-only">{t(collapsed ? TL.show : TL.hide)}</span>
          </button>
          <div id="tools-nav" className={collapsed ? "lg:hidden" : "lg:mt-3"}>
            {projects.length > 0 ? (
              <Form method="get" action={to(pathname)} className="flex items-end gap-2">
                <label className="grid min-w-0 flex-1 gap-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  {t(TL.project)}
                  <select
                    name="idp"
                    defaultValue={idp ?? ""}
                    onChange={(e) => navigate(`${to(pathname)}?idp=${e.currentTarget.value}`)}
                    className="min-w-0 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm font-normal text-ink-900 normal-case"
                  >
                    {idp === null && <option value="">{t(TL.allProjects)}</option>}
                    {projects.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.domain}
                      </option>
                    ))}
                  </select>
                </label>
                <noscript>
                  <button type="submit" className="btn-secondary px-3 py-2 text-sm">
                    {t(TL.open)}
                  </button>
                </noscript>
              </Form>
            ) : (
              <Link to={to("/addproject")} className="btn-primary w-full py-2 text-sm">
                {t(TL.addProject)}
              </Link>
            )}
            <nav aria-label={project ? fill(t(TL.toolsFor), { project: project.domain }, lang) : t(TL.heading)} className="mt-3">
              <ul className="-mx-1 flex gap-1 overflow-x-auto pb-1 lg:mx-0 lg:flex-col lg:overflow-visible">
                {TOOL_LINKS.map((link) => {
                  const active = link.key === current;
                  return (
                    <li key={link.key} className="shrink-0">
                      <Link
                        to={to(toolHref(link, project?.id ?? null))}
                        aria-current={active ? "page" : undefined}
                        className={`flex min-h-11 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap no-underline hover:no-underline ${
                          active ? "bg-ink-900 text-white" : "text-ink-700 hover:bg-white hover:text-ink-900"
                        }`}
                      >
                        {t(TOOL_LABEL[link.key])}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
