import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/project-groups";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { createGroup, deleteGroup, groupFormSchema, listGroups, moveProject, renameGroup } from "../../server/project/groups.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { P } from "../projects/text-ids.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** The owner's project groups (spec 2 /project/group and /sproject/group, issue 8.5). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  return { groups: await listGroups({ services, owner }) };
}

/** Create, rename or delete a group, or move a project (groupFormSchema beside the service). */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    const input = await formInput(request, groupFormSchema);
    const owner = await context.get(requestInfoContext).owner();
    if (input.intent === "create") await createGroup({ services, owner, name: input.name });
    else if (input.intent === "rename") await renameGroup({ services, owner, groupId: input.groupId, name: input.name });
    else if (input.intent === "delete") await deleteGroup({ services, owner, groupId: input.groupId });
    else await moveProject({ services, owner, projectId: input.idp, groupId: input.groupId });
    return { done: input.intent };
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(P.groupsTitle)) }];
}

export const handle = { noindex: true };

export default function ProjectGroups({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  // /sproject/group lists into /sproject (spec 2: the same screens under both names).
  const base = useLocation().pathname.includes("/sproject/") ? "/sproject" : "/project";
  const done = actionData && "done" in actionData ? actionData.done : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">
        <Link to={to(base)}>{t(P.backToProjects)}</Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t(P.groupsTitle)}</h1>
      <p className="mt-2 text-ink-700">{t(P.groupsLead)}</p>
      {done && (
        <p role="status" className="mt-4 rounded-lg bg-signal-100 p-3 text-signal-600">
          {t(done === "create" ? P.groupCreated : done === "delete" ? P.groupDeleted : done === "move" ? P.moved : P.groupSaved)}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-danger-100 p-3 text-danger-600">
          {error.message}
        </p>
      )}
      <Form method="post" className="card mt-6 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="create" />
        <label className="grid gap-1 text-sm text-ink-700">
          {t(P.groupName)}
          <input name="name" required maxLength={80} className="rounded-lg border border-ink-300 px-3 py-2" />
        </label>
        <button type="submit" className="btn-primary">
          {t(P.createGroup)}
        </button>
      </Form>
      {loaderData.groups.length === 0 ? (
        <p className="mt-6 text-ink-700">{t(P.noGroups)}</p>
      ) : (
        <ul className="mt-6 divide-y divide-ink-100 rounded-[var(--radius-card)] border border-ink-100 bg-white" data-testid="group-list">
          {loaderData.groups.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="group-row">
              <div>
                <Link to={to(`${base}?group=${g.id}`)} className="font-semibold text-ink-900">
                  {g.name}
                </Link>
                <p className="text-sm text-ink-500">{fill(t(P.groupProjects), { n: g.projects }, lang)}</p>
              </div>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="intent" value="rename" />
                  <input type="hidden" name="groupId" value={g.id} />
                  <label className="sr-only" htmlFor={`group-name-${g.id}`}>
                    {t(P.renameLabel)}
                  </label>
                  <input
                    id={`group-name-${g.id}`}
                    name="name"
                    defaultValue={g.name}
                    required
                    maxLength={80}
                    className="w-40 rounded border border-ink-300 px-2 py-1"
                  />
                  <button type="submit" className="btn-secondary px-3 py-1 text-sm">
                    {t(P.rename)}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="groupId" value={g.id} />
                  <button type="submit" className="text-danger-600" title={t(P.groupDelete)}>
                    {t(P.delete)}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
