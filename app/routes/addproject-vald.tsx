import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/addproject-vald";
import { formatDate } from "../../common/i18n/format.ts";
import { AppError } from "../../server/errors.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { checkVerification, getVerification, verifyFormSchema } from "../../server/project/verify-site.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { CopyButton } from "../components/copy-button.tsx";
import { fill } from "../../common/i18n/message.ts";
import { P } from "../projects/text-ids.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** The project id of the path (spec 2 /addproject/{vald}). */
const projectIdOf = (vald: string | undefined) => (/^\d{1,9}$/.test(vald ?? "") ? Number(vald) : 0);

/** The verification of the project {vald} (issue 8.6); another's or a missing project is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    return { verification: await getVerification({ services, owner, projectId: projectIdOf(params.vald) }) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw new Response("Project not found", { status: 404 });
    throw err;
  }
}

/** The re-check button: checks meta tag, file and DNS TXT record and stores the result. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    await formInput(request, verifyFormSchema);
    const owner = await context.get(requestInfoContext).owner();
    return { verification: await checkVerification({ services, owner, projectId: projectIdOf(params.vald) }) };
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(P.verifyTitle, { domain: loaderData?.verification.domain ?? "" })) }];
}

export const handle = { noindex: true };

const METHOD_TEXT = { meta: P.verifyMeta, file: P.verifyFile, dns: P.verifyDns } as const;

export default function VerifySite({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const { lang } = useLang();
  const busy = useNavigation().state !== "idle";
  const v = actionData && "verification" in actionData ? actionData.verification : loaderData.verification;
  const ways = [
    ["meta", P.verifyMetaHow, v.instructions.meta],
    ["file", P.verifyFileHow, v.instructions.fileUrl],
    ["dns", P.verifyDnsHow, `${v.instructions.dnsName} TXT "${v.instructions.dnsValue}"`],
  ] as const;
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">
        <Link to={to(`/project?idp=${v.projectId}`)}>{v.domain}</Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight break-all">{fill(t(P.verifyTitle), { domain: v.domain }, lang)}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t(P.verifyLead)}</p>
      <div
        role="status"
        data-testid="verify-state"
        className={`mt-4 rounded-lg p-3 ${v.verifiedAt ? "bg-signal-100 text-signal-600" : "bg-warn-100 text-warn-600"}`}
      >
        {v.verifiedAt && v.method
          ? fill(t(P.verified), { method: t(METHOD_TEXT[v.method]), date: formatDate(lang, new Date(v.verifiedAt), "medium") }, lang)
          : t(P.notVerified)}
      </div>
      <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
        {t(P.verifyToken)}:{" "}
        <code className="rounded bg-ink-50 px-2 py-1 break-all" data-testid="verify-token">
          {v.token}
        </code>
        <CopyButton value={v.token} label={t(P.verifyToken)} />
      </p>
      <ol className="mt-6 grid gap-4">
        {ways.map(([method, how, value]) => (
          <li key={method} className="card">
            <h2 className="text-lg font-semibold">{t(METHOD_TEXT[method])}</h2>
            <p className="mt-1 text-sm text-ink-700">{t(how)}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code className="rounded bg-ink-50 px-2 py-1 text-sm break-all">{value}</code>
              <CopyButton value={method === "file" ? v.token : value} label={t(METHOD_TEXT[method])} />
            </div>
            {!v.verifiedAt && v.failures[method] && (
              <p className="mt-2 text-sm text-danger-600">{fill(t(P.verifyFailed), { reason: v.failures[method] }, lang)}</p>
            )}
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="check" />
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          {t(P.verifyCheck)}
        </button>
      </Form>
    </main>
  );
}
