import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useT } from "../i18n/use-texts.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { readUnsubscribeToken, unsubscribeByToken } from "../../server/accounts/unsubscribe.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

const CATEGORY_TEXT = { notifications: AT.categoryNotifications, reports: AT.categoryReports, marketing: AT.categoryMarketing } as const;

/** /unsubscribe?token=… (no language prefix, spec 2): shows what the signed link unsubscribes from. */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const target = readUnsubscribeToken(context.get(servicesContext), token);
  return { token, target };
}

/**
 * The one click: the page's button, or a mail client's RFC 8058 POST (body
 * `List-Unsubscribe=One-Click`) to the List-Unsubscribe URL. Both carry the token in the URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const done = await unsubscribeByToken(context.get(servicesContext), token);
  return { done: !!done };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(AT.unsubscribeTitle)) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function UnsubscribePage() {
  const { token, target } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  let body;
  if (result?.done) {
    body = (
      <p role="status" className="rounded-lg bg-signal-100 px-4 py-3 text-signal-600">
        {t(AT.unsubscribeDone)}
      </p>
    );
  } else if (!target || result) {
    body = (
      <p role="alert" className="rounded-lg bg-danger-100 px-4 py-3 text-danger-600">
        {t(AT.unsubscribeInvalid)}
      </p>
    );
  } else {
    body = (
      <Form method="post" action={`/unsubscribe?token=${encodeURIComponent(token ?? "")}`} className="space-y-5">
        <p className="text-ink-700">
          {t(AT.unsubscribeFrom)} <strong className="text-ink-900">{target.email}</strong>: {t(CATEGORY_TEXT[target.category])}.
        </p>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" className="btn-primary">
          {t(AT.unsubscribeButton)}
        </button>
      </Form>
    );
  }
  return (
    <main id="main" className="flex-1">
      <div className="container-page max-w-xl py-16">
        <div className="card">
          <h1 className="text-2xl font-bold text-ink-900">{t(AT.unsubscribeTitle)}</h1>
          <div className="mt-5">{body}</div>
        </div>
      </div>
    </main>
  );
}
