import { useState } from "react";
import { useLoaderData } from "react-router";
import type { Route } from "./+types/settings";
import { servicesContext } from "../../server/http/router-context.server.ts";
import { useT } from "../i18n/use-texts.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { DeleteCard } from "../accounts/settings/delete-card.tsx";
import { EmailCard } from "../accounts/settings/email-card.tsx";
import { GuestAccountForms, RestoreByLinkCard, SetPasswordCard } from "../accounts/settings/guest-settings.tsx";
import { NotificationsCard } from "../accounts/settings/notifications-card.tsx";
import { PasswordCard } from "../accounts/settings/password-card.tsx";
import { ProfileCard } from "../accounts/settings/profile-card.tsx";
import { FormMessage } from "../accounts/field.tsx";
import { settingsView } from "../../server/accounts/settings-view.server.ts";
import { getUserFromRequest } from "../../server/auth/current-user.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/**
 * /settings (issue 5): the signed-in user's profile, e-mail, password, notification preferences
 * and account deletion. Guests see the account forms; the e-mailed links land here with
 * ?token= (choose a password), ?restore= (restore a deleted account) or ?error= (expired link).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const user = await getUserFromRequest(services, request);
  const q = new URL(request.url).searchParams;
  return {
    view: user ? await settingsView(services, user) : null,
    resetToken: q.get("token"),
    restoreToken: q.get("restore"),
    linkError: q.has("error"),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(AT.settingsTitle)) }, { name: "robots", content: "noindex, nofollow" }];
}

export default function SettingsPage() {
  const { view, resetToken, restoreToken, linkError } = useLoaderData<typeof loader>();
  const t = useT();
  const [deleted, setDeleted] = useState(false);
  let body;
  if (view && !deleted) {
    body = (
      <>
        <ProfileCard values={view} />
        <EmailCard email={view.email} />
        <PasswordCard hasPassword={view.hasPassword} email={view.email} />
        <NotificationsCard values={view.notifications} />
        <DeleteCard onDeleted={() => setDeleted(true)} />
      </>
    );
  } else if (deleted) {
    body = <GuestAccountForms initial="restore" notice={AT.accountDeleted} />;
  } else if (restoreToken) {
    body = <RestoreByLinkCard token={restoreToken} />;
  } else if (resetToken) {
    body = <SetPasswordCard token={resetToken} />;
  } else {
    body = (
      <>
        {linkError ? <FormMessage kind="error">{t(AT.linkInvalid)}</FormMessage> : null}
        <GuestAccountForms />
      </>
    );
  }
  return (
    <main id="main" className="flex-1">
      <div className="container-page max-w-3xl py-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-900">{t(AT.settingsTitle)}</h1>
        <div className="mt-6 space-y-6">{body}</div>
      </div>
    </main>
  );
}
