import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/addproject";
import { localizePath } from "../../common/i18n/languages.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { createVisitorCookie } from "../../server/http/visitor.server.ts";
import { addProject, addProjectSchema } from "../../server/project/add-project.server.ts";
import { listGroups } from "../../server/project/groups.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { P } from "../projects/text-ids.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** The owner's groups for the group field (spec 2 /addproject, issue 8.6). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  return { groups: await listGroups({ services, owner }) };
}

/** Adds the project (addProjectSchema beside the service) and opens it with auto=1, which starts its first audit (issue 8.7). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const info = context.get(requestInfoContext);
  const headers = new Headers();
  try {
    const input = await formInput(request, addProjectSchema);
    let owner = await info.owner();
    if (!owner.visitorId && owner.userId === null) {
      const guest = await createVisitorCookie(services);
      headers.append("set-cookie", guest.setCookie);
      owner = { ...owner, visitorId: guest.id };
    }
    const projectId = await addProject({ services, owner, ...input });
    return redirect(localizePath(params.lang ?? "en", `/project/${projectId}?auto=1`), { headers });
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(P.addTitle)) }];
}

export const handle = { noindex: true };

export default function AddProject({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const busy = useNavigation().state !== "idle";
  const error = actionData?.error;
  const fieldError = (field: string) => (error?.field === field ? error.message.replace(/^\w+: /, "") : null);
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">
        <Link to={to("/project")}>{t(P.backToProjects)}</Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t(P.addTitle)}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t(P.addLead)}</p>
      <Form method="post" className="card mt-6 grid max-w-xl gap-4" noValidate aria-label={t(P.addTitle)}>
        <label className="grid gap-1 text-sm font-medium text-ink-700">
          {t(P.domainLabel)}
          <input
            name="domain"
            required
            inputMode="url"
            placeholder="example.com"
            aria-invalid={fieldError("domain") ? true : undefined}
            aria-describedby="addproject-domain-error"
            className="rounded-lg border border-ink-300 px-3 py-2 text-base font-normal"
          />
          <span id="addproject-domain-error" role="alert" className="min-h-5 text-danger-600">
            {fieldError("domain")}
          </span>
        </label>
        <label className="grid gap-1 text-sm font-medium text-ink-700">
          {t(P.nameLabel)}
          <input name="name" maxLength={80} className="rounded-lg border border-ink-300 px-3 py-2 text-base font-normal" />
        </label>
        <label className="grid gap-1 text-sm font-medium text-ink-700">
          {t(P.groupLabel)}
          <select name="groupId" defaultValue={0} className="rounded-lg border border-ink-300 px-3 py-2 text-base font-normal">
            <option value={0}>{t(P.noGroup)}</option>
            {loaderData.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
          {fieldError("groupId") && <span className="text-danger-600">{fieldError("groupId")}</span>}
        </label>
        {error && !["domain", "groupId"].includes(error.field ?? "") && (
          <p role="alert" className="text-danger-600">
            {error.message}
          </p>
        )}
        <button type="submit" className="btn-primary justify-self-start" disabled={busy} aria-busy={busy}>
          {t(P.addSubmit)}
        </button>
      </Form>
    </main>
  );
}
