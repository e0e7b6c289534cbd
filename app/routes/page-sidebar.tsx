import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/page-sidebar";
import type { loader as toolsLoader } from "./tools.tsx";
import { TOOL_LINKS, toolHref, type ToolGroup } from "../../common/tools-nav.ts";
import { fill } from "../../common/i18n/message.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { GROUP_LABEL, MORE_LABEL, TL, TOOL_ABOUT, TOOL_LABEL } from "../tools/text-ids.ts";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  return [{ title: brandTitle(t(TL.heading)) }, { name: "description", content: t(TL.lead) }];
}

export const handle = { noindex: true };

const GROUPS = Object.keys(GROUP_LABEL) as ToolGroup[];

/**
 * /page-sidebar (spec 2, issue 12): the tools sidebar as a full page — every tool of
 * common/tools-nav.ts TOOL_LINKS with its name, one-line description and link, grouped. Links
 * carry the project chosen in the tools layout (its loader: the requester's projects and `idp`);
 * guests use the same tools on their own projects, so the page is the same for them (with the
 * sidebar's "Add a project" and a note while they have none). Each card is one tap target.
 */
export default function PageSidebarScreen() {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  const tools = useRouteLoaderData<typeof toolsLoader>("routes/tools");
  const projects = tools?.projects ?? [];
  const project = projects.find((p) => p.id === tools?.idp) ?? null;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{t(TL.heading)}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{project ? fill(t(TL.toolsFor), { project: project.domain }, lang) : t(TL.lead)}</p>
      {projects.length === 0 && (
        <p data-no-project className="card mt-6 p-5 text-ink-700">
          {t(TL.noProject)}
        </p>
      )}
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`tools-${group}`} className="mt-8">
          <h2 id={`tools-${group}`} className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
            {t(GROUP_LABEL[group])}
          </h2>
          <ul className="mt-3 grid gap-4 md:grid-cols-2">
            {TOOL_LINKS.filter((l) => l.group === group).map((link) => (
              <li key={link.key} className="card relative p-5 hover:border-ink-300" data-tool={link.key}>
                <Link
                  to={to(toolHref(link, project?.id ?? null))}
                  className="text-lg font-semibold text-ink-900 no-underline after:absolute after:inset-0 hover:underline"
                >
                  {t(TOOL_LABEL[link.key])}
                </Link>
                <p className="mt-1 text-sm text-ink-700">{t(TOOL_ABOUT[link.key])}</p>
                {link.more && (
                  <ul className="relative z-10 mt-2 flex flex-wrap gap-x-4 text-sm">
                    {link.more.map((m) => (
                      <li key={m.key} data-tool={m.key}>
                        <Link to={to(m.path)} className="inline-flex min-h-11 items-center">
                          {t(MORE_LABEL[m.key])}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
