import { Form, redirect } from "react-router";
import type { Route } from "./+types/white-label-form";
import { localizePath } from "../../common/i18n/languages.ts";
import { FIELD, FormError, FormPage, SubmitButton } from "../reports/form-parts.tsx";
import { R } from "../reports/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { actionError } from "../../server/http/action.server.ts";
import { validate } from "../../server/http/input.server.ts";
import { AppError, errorText } from "../../server/errors.server.ts";
import { loadOr404, pidParam } from "../../server/reports/form-route.server.ts";
import { LOGO_MAX_BYTES, getWhiteLabel, processLogo, saveWhiteLabel, whiteLabelSchema } from "../../server/reports/white-label.server.ts";
import { brandTitle, metaTexts } from "../i18n/meta-texts.ts";

/** /reports/white-label/new and /reports/white-label/edit/{pid} (spec 2, issue 11 point 5). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  const pid = pidParam(params);
  if (pid === undefined) return { pid: null, values: null };
  const w = await loadOr404(() => getWhiteLabel({ db: services.db, owner, id: pid }));
  return { pid, values: { ...w, createdAt: w.createdAt.toISOString() } };
}

/** Saves the profile; the logo file is checked by its content and resized (server/reports/white-label.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const owner = await context.get(requestInfoContext).owner();
  try {
    if (Number(request.headers.get("content-length") ?? 0) > LOGO_MAX_BYTES + 64 * 1024)
      throw new AppError("validation", errorText(58145), "logo");
    const form = await request.formData();
    const fields: Record<string, string> = {};
    for (const [k, v] of form) if (typeof v === "string") fields[k] = v;
    const input = validate(whiteLabelSchema, fields);
    const file = form.get("logo");
    const logo = file instanceof File && file.size > 0 ? await processLogo(new Uint8Array(await file.arrayBuffer())) : undefined;
    await saveWhiteLabel({ db: services.db, owner, id: pidParam(params), input, logo });
    return redirect(localizePath(params.lang ?? "en", "/reports/white-label"));
  } catch (err) {
    return actionError(err, { request, context });
  }
}

export const handle = { noindex: true };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return [{ title: brandTitle(metaTexts(matches)(loaderData?.pid ? R.wlEditTitle : R.wlNew)) }];
}

export default function WhiteLabelForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const v = loaderData.values;
  return (
    <FormPage title={t(loaderData.pid ? R.wlEditTitle : R.wlNew)}>
      <Form method="post" encType="multipart/form-data" className="grid max-w-xl gap-4">
        <FormError actionData={actionData} />
        <label>
          {t(R.wlCompany)}
          <input name="company" required maxLength={120} defaultValue={v?.company ?? ""} className={FIELD} />
        </label>
        <label>
          {t(R.wlLogo)}
          <input type="file" name="logo" accept="image/png,image/jpeg,image/webp,image/gif" className={FIELD} />
        </label>
        {v?.logo && (
          <div className="flex items-center gap-3">
            <img src={v.logo} alt={v.company} className="max-h-12" />
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" name="removeLogo" value="1" /> {t(R.wlRemoveLogo)}
            </label>
          </div>
        )}
        <div className="flex gap-4">
          <label>
            {t(R.wlPrimary)}
            <input type="color" name="colorPrimary" defaultValue={v?.colorPrimary ?? "#1d4ed8"} className="mt-1 block h-10 w-20" />
          </label>
          <label>
            {t(R.wlAccent)}
            <input type="color" name="colorAccent" defaultValue={v?.colorAccent ?? "#0f766e"} className="mt-1 block h-10 w-20" />
          </label>
        </div>
        <label>
          {t(R.wlEmail)}
          <input type="email" name="email" defaultValue={v?.email ?? ""} className={FIELD} />
        </label>
        <label>
          {t(R.wlPhone)}
          <input type="tel" name="phone" maxLength={40} defaultValue={v?.phone ?? ""} className={FIELD} />
        </label>
        <label>
          {t(R.wlWebsite)}
          <input type="url" name="website" defaultValue={v?.website ?? ""} className={FIELD} />
        </label>
        <label>
          {t(R.wlFooter)}
          <textarea name="footerText" maxLength={500} defaultValue={v?.footerText ?? ""} className={FIELD} />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="hideBrand" value="1" defaultChecked={v?.hideBrand ?? false} /> {t(R.wlHideBrand)}
        </label>
        <SubmitButton label={t(R.wlSave)} />
      </Form>
    </FormPage>
  );
}
