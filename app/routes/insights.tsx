import { Form, Link, data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/insights";
import { AppError } from "../../server/errors.server.ts";
import { actionError, formInput } from "../../server/http/action.server.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { listInsights, setInsightState, type Insight } from "../../server/insights/list.server.ts";
import { IN } from "../insights/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import type { MessageValues } from "../../common/i18n/message.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { CopyButton } from "../components/copy-button.tsx";
import { P } from "../projects/text-ids.ts";
import { useMessage, useT } from "../i18n/use-texts.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

const positiveInt = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** /insights (spec 2, issue 12.4): the current project's prioritised to-do list. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const idp = positiveInt(new URL(request.url).searchParams.get("idp"));
  if (idp === null) return { idp, items: null };
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANG;
  try {
    return { idp, items: await listInsights({ db: services.db, owner, projectId: idp, lang }) };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw data(null, { status: 404 });
    throw err;
  }
}

const stateSchema = z.object({
  idp: z.coerce.number().int().positive(),
  key: z.string().min(1).max(2048),
  state: z.enum(["open", "done", "ignored"]),
});

/** Marks an item done or ignored, or reopens it. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  try {
    const input = await formInput(request, stateSchema);
    await setInsightState({
      db: services.db,
      owner: await context.get(requestInfoContext).owner(),
      projectId: input.idp,
      key: input.key,
      state: input.state,
    });
    return { ok: true };
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTexts(matches);
  return [{ title: brandTitle(t(IN.title)) }, { name: "description", content: t(IN.lead) }];
}

export const handle = { noindex: true };

function Evidence({ item }: { item: Insight }) {
  const f = useMessage();
  const values: MessageValues = { subject: item.title };
  for (const [k, v] of Object.entries(item.evidence)) if (typeof v === "number" || typeof v === "string") values[k] = v;
  const text = f(IN[`text_${item.kind}`], values);
  const pages = (item.evidence.pages as string[] | undefined) ?? [];
  return (
    <>
      <p className="mt-1 text-sm text-ink-700">{text}</p>
      {pages.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-xs break-all text-ink-500">
          {pages.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function Item({ item, idp }: { item: Insight; idp: number }) {
  const t = useT();
  const f = useMessage();
  const to = useLocalized();
  const button = (state: Insight["state"], label: number) => (
    <Form method="post" className="inline">
      <input type="hidden" name="idp" value={idp} />
      <input type="hidden" name="key" value={item.key} />
      <input type="hidden" name="state" value={state} />
      <button type="submit" className="btn-secondary px-3 py-1.5 text-xs">
        {t(label)}
      </button>
    </Form>
  );
  const tone = item.tier === 1 ? "border-l-danger-600" : item.tier === 2 ? "border-l-warn-600" : "border-l-signal-600";
  return (
    <li className={`card border-l-4 ${tone}`} data-insight={item.key}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{t(IN[`kind_${item.kind}`])}</p>
          <h3 className="font-semibold break-words">
            {item.title}
            {item.kind === "audit-error" && (
              <>
                {" "}
                <CopyButton value={item.subject} text={t(P.checkIdCopy)} />
              </>
            )}
          </h3>
          <Evidence item={item} />
          {item.impact > 0 && <p className="mt-1 text-sm font-medium">{f(IN.impact, { n: item.impact })}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {item.state === "open" ? (
            <>
              <Link to={to(item.href)} className="btn-primary px-3 py-1.5 text-xs">
                {t(IN.fix)}
              </Link>
              {button("done", IN.done)}
              {button("ignored", IN.ignore)}
            </>
          ) : (
            <>
              <span className="text-xs text-ink-500">{t(item.state === "done" ? IN.state_done : IN.state_ignored)}</span>
              {button("open", IN.reopen)}
            </>
          )}
        </div>
      </div>
    </li>
  );
}

export default function InsightsScreen({ loaderData }: Route.ComponentProps) {
  const { idp, items } = loaderData;
  const t = useT();
  const open = items?.filter((i) => i.state === "open") ?? [];
  const closed = items?.filter((i) => i.state !== "open") ?? [];
  return (
    <main id="main" className="min-w-0">
      <p className="eyebrow">{t(IN.eyebrow)}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">{t(IN.title)}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">{t(IN.lead)}</p>
      {idp === null || !items ? (
        <p className="card mt-6">{t(IN.pickProject)}</p>
      ) : (
        <>
          {open.length === 0 ? (
            <p className="card mt-6">{t(IN.none)}</p>
          ) : (
            <ol className="mt-6 grid gap-3">
              {open.map((i) => (
                <Item key={i.key} item={i} idp={idp} />
              ))}
            </ol>
          )}
          {closed.length > 0 && (
            <details className="mt-8">
              <summary className="cursor-pointer font-semibold">{t(IN.closed)}</summary>
              <ul className="mt-3 grid gap-3 opacity-80">
                {closed.map((i) => (
                  <Item key={i.key} item={i} idp={idp} />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </main>
  );
}
