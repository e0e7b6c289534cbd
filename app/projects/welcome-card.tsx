import { Link } from "react-router";
import { useLocalized } from "../i18n/use-localized.ts";
import { useLang, useT } from "../i18n/use-texts.ts";
import { fill } from "../../common/i18n/message.ts";
import { P } from "./text-ids.ts";

/**
 * The welcome step after the e-mail confirmation (issue 16 point 13): the confirmation link signs
 * the user in and opens /project?welcome=1; this card leads to the user's (first) project, or to the
 * start box below when there is none yet.
 */
export function WelcomeCard({ project }: { project: { id: number; domain: string } | null }) {
  const t = useT();
  const { lang } = useLang();
  const to = useLocalized();
  return (
    <section className="card mt-6 border-signal-600 bg-signal-100/40" aria-labelledby="welcome-title" data-testid="welcome">
      <h2 id="welcome-title" className="text-xl font-semibold">
        {t(P.welcomeTitle)}
      </h2>
      {project ? (
        <>
          <p className="mt-2 text-ink-700">{fill(t(P.welcomeProject), { domain: project.domain }, lang)}</p>
          <Link to={to(`/project?idp=${project.id}`)} className="btn-primary mt-4">
            {fill(t(P.welcomeOpen), { domain: project.domain }, lang)}
          </Link>
        </>
      ) : (
        <p className="mt-2 text-ink-700">{t(P.welcomeNoProject)}</p>
      )}
    </section>
  );
}
