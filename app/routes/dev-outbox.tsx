import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/dev-outbox";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { listOutbox } from "../../server/email/outbox.server.ts";

/**
 * /dev/outbox (development only: NODE_ENV other than production, or DEV_PAGES=1): the e-mails
 * the product stored instead of sending (no SMTP_URL), newest first, with their links.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  if (services.env.NODE_ENV === "production" && !services.env.DEV_PAGES) throw data(null, { status: 404 });
  return { emails: await listOutbox(services) };
}

export function meta() {
  return [{ title: "Outbox (development) — Rankforge" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function DevOutbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="flex-1">
      <div className="container-page py-10">
        <h1 className="text-3xl font-extrabold text-ink-900">Outbox</h1>
        <p className="mt-2 text-ink-500">E-mails kept here because no SMTP server is configured (SMTP_URL). Development only.</p>
        {emails.length === 0 ? <p className="mt-6 text-ink-700">No e-mails yet.</p> : null}
        <ol className="mt-6 space-y-4">
          {emails.map((m) => (
            <li key={m.id} className="card" data-testid="outbox-email" data-to={m.to} data-template={m.template}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold text-ink-900">{m.subject}</h2>
                <span className="text-sm text-ink-500">
                  {m.category} · {m.status} · {m.createdAt}
                </span>
              </div>
              <p className="mt-1 text-sm text-ink-700">To: {m.to}</p>
              {m.links.length ? (
                <ul className="mt-3 space-y-1 text-sm">
                  {m.links.map((href) => (
                    <li key={href} className="break-all">
                      <a href={href}>{href}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium text-forge-600">Show e-mail</summary>
                <iframe title={m.subject} srcDoc={m.html} sandbox="" className="mt-3 h-[28rem] w-full rounded-lg border border-ink-100" />
              </details>
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}
