import { Link } from "react-router";
import type { Route } from "./+types/start";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { onboardingSteps } from "../../server/project/onboarding.server.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { P } from "../projects/text-ids.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** The owner's onboarding steps, done or not (spec 2 /start, issue 8.6; resumable: derived from their data). */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  return { steps: await onboardingSteps({ services, owner }) };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(P.startTitle)) }];
}

export const handle = { noindex: true };

export default function Start({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const { steps } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-3xl font-bold tracking-tight">{t(P.startTitle)}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t(P.startLead)}</p>
      <ol className="mt-6 grid gap-3" data-testid="onboarding">
        {steps.map((s, i) => (
          <li
            key={s.id}
            data-step={s.id}
            data-done={s.done ? "1" : "0"}
            aria-current={s.current ? "step" : undefined}
            className={`card flex flex-wrap items-center justify-between gap-3 ${s.current ? "border-forge-500 ring-2 ring-forge-100" : ""}`}
          >
            <div className="flex items-start gap-3">
              <span
                className={`grid size-8 shrink-0 place-items-center rounded-full font-bold ${s.done ? "bg-signal-100 text-signal-600" : "bg-ink-100 text-ink-700"}`}
                aria-hidden="true"
              >
                {s.done ? "✓" : i + 1}
              </span>
              <div>
                <h2 className="font-semibold">{t(s.title)}</h2>
                <p className="text-sm text-ink-700">{t(s.how)}</p>
              </div>
            </div>
            {s.done ? (
              <span className="text-sm font-semibold text-signal-600">{t(P.stepDone)}</span>
            ) : (
              <Link to={to(s.href)} className={s.current ? "btn-primary text-sm" : "btn-secondary text-sm"}>
                {s.current ? t(P.stepNext) : t(P.stepOpen)}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {steps.every((s) => s.done) && (
        <p role="status" className="mt-4 text-signal-600">
          {t(P.allDone)}
        </p>
      )}
    </main>
  );
}
