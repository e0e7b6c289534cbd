import { MANAGER_EMAIL } from "../../common/manager/email-text-ids.ts";
import type { EmailPart } from "../email/templates/index.server.ts";
import { eq } from "drizzle-orm";
import { checkManagerRequest, checkStartRequest, type RequestFieldErrors } from "../../common/requests/validate.ts";
import { isValidEmail } from "../../common/accounts/rules.ts";
import { checkDomainInput } from "../../common/url-check.ts";
import { createUserForRequest } from "../accounts/create-user-for-request.server.ts";
import type { CurrentUser } from "../auth/current-user.server.ts";
import { analyticsEvents, managerRequests, managers } from "../db/schema.server.ts";
import { sendEmail } from "../email/send.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { getManager, toManagerContact } from "../manager/get-manager.server.ts";
import { isValidPhone } from "../phone/validate.server.ts";
import { isBanned } from "../project/check-site.server.ts";
import type { Services } from "../services.server.ts";
import type { BlockRequestInput } from "./payload.server.ts";
import { subjectLabel } from "./subject-labels.server.ts";

/** The analytics event recorded after a request is sent (spec 7), reported for the contact page path. */
export const REQUEST_EVENT = { name: "manager_request", path: "/contacts" } as const;

const FIELD_OF: Record<keyof RequestFieldErrors, string> = {
  usernameErr: "username",
  emailErr: "email",
  phoneErr: "phone",
  messageErr: "message",
  websiteErr: "website",
};

/**
 * Applies spec 5 to a request on the server: the manager request form (support page, logged-in:
 * message only) or the start request form (subject 17: valid website, no e-mail). A given e-mail
 * must also match the standard pattern, since it may create an account.
 * @throws AppError "validation" naming the first red field (username, email, phone, message, website).
 */
export function checkRequestInput(
  input: BlockRequestInput,
  user: CurrentUser | null,
  opts: { allowLoopback: boolean },
): { dropEmail: boolean } {
  const email = input.email || (user ? "" : input.u_email);
  const values = {
    username: input.username || input.u_username || user?.name || "",
    email: email || user?.email || "",
    message: input.message,
    website: input.website,
    phoneValid: isValidPhone(input.phone || input.u_tel || user?.phone || ""),
  };
  const supportPage = input.fromPage === "support" || /(^|\/)support\/?$/.test(input.page);
  const { errors, dropEmail } =
    input.form === "start"
      ? checkStartRequest(values, { subject: input.typeRequest, messageDisabled: input.messageDisabled, allowLoopback: opts.allowLoopback })
      : { errors: checkManagerRequest(values, { supportPage, loggedIn: user !== null }), dropEmail: false };
  if (!dropEmail && !errors.emailErr && values.email && !isValidEmail(values.email)) errors.emailErr = true;
  const first = (Object.keys(FIELD_OF) as (keyof RequestFieldErrors)[]).find((k) => errors[k]);
  if (first) throw new AppError("validation", errorText(58170, { field: FIELD_OF[first] }), FIELD_OF[first]);
  return { dropEmail };
}

/** The answer of a sent request (spec 7): the stored request id and newu = 1 when a user was created. */
export interface SentRequest {
  id: number;
  userId: number;
  newu: 0 | 1;
  managerId: number;
}

/**
 * POST /api/support/blockrequest (spec 3, 5, 7): validates, finds or creates the user for a
 * guest's e-mail (a new one gets a set-password e-mail), stores the request with its subject
 * type and tracking info, e-mails the assigned manager and records the analytics event.
 * @throws AppError "validation" (see {@link checkRequestInput}); "forbidden" on field "website"
 *   when the website's domain is banned (spec 4: the client opens popup type 4).
 */
export async function sendRequest(services: Services, input: BlockRequestInput, user: CurrentUser | null): Promise<SentRequest> {
  const { dropEmail } = checkRequestInput(input, user, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS });
  const site = input.website ? checkDomainInput(input.website, { allowLoopback: services.env.ALLOW_PRIVATE_NETWORKS }) : null;
  if (site?.ok && (await isBanned(services, site.domain)))
    throw new AppError("forbidden", errorText(58171, { domain: site.domain }), "website");
  const username = input.username || input.u_username || user?.name || "";
  const phone = input.phone || input.u_tel || user?.phone || "";
  const countryCode = input.u_country_code || user?.phoneCountryCode || "";
  const email = dropEmail ? "" : (input.email || input.u_email || user?.email || "").toLowerCase();
  let userId = user?.id ?? 0;
  let newu: 0 | 1 = 0;
  if (!user && email) {
    const created = await createUserForRequest(services, { email, name: username, phone, phoneCountryCode: countryCode, lang: input.lang });
    userId = created.userId;
    newu = created.isNew ? 1 : 0;
  }
  const manager = await managerFor(services, userId, input.idm);
  const [row] = await services.db
    .insert(managerRequests)
    .values({
      userId,
      managerId: manager.id,
      subjectType: input.typeRequest,
      username,
      email,
      phone,
      countryCode,
      message: input.message,
      website: input.website,
      page: input.page,
      fromPage: input.fromPage,
      custom: input.custom,
      tracking: input.tracking,
      createdUser: newu,
    })
    .returning({ id: managerRequests.id });
  const id = row!.id;
  await notifyManager(services, manager, { id, userId, newu, username, email, phone, input });
  await services.db.insert(analyticsEvents).values({
    name: REQUEST_EVENT.name,
    userId,
    path: REQUEST_EVENT.path,
    data: { requestId: id, subjectType: input.typeRequest, newu, fromPage: input.fromPage, ref: input.tracking.ref },
  });
  return { id, userId, newu, managerId: manager.id };
}

/** The user's manager; a guest without an account gets the manager the page showed (idm) when it exists. */
async function managerFor(services: Services, userId: number, idm: number) {
  if (userId === 0 && idm > 0) {
    const [m] = await services.db.select().from(managers).where(eq(managers.id, idm)).limit(1);
    if (m) return toManagerContact(m);
  }
  return getManager(services.db, userId);
}

async function notifyManager(
  services: Services,
  manager: { email: string; work_lang: string },
  r: { id: number; userId: number; newu: 0 | 1; username: string; email: string; phone: string; input: BlockRequestInput },
) {
  // Issue 15.1: the subject's label in the language the e-mail is written in (the manager's).
  const label = await subjectLabel(services.db, manager.work_lang, r.input.typeRequest);
  const M = MANAGER_EMAIL;
  const line = (id: number, values: Record<string, string | number>): EmailPart => ({ id, values });
  const lines: EmailPart[] = [
    line(M.subject, { subject: label, type: r.input.typeRequest }),
    line(M.name, { name: r.username || "—" }),
    line(M.email, { email: r.email || "—" }),
    line(M.phone, { phone: r.phone || "—" }),
    ...(r.input.website ? [line(M.website, { website: r.input.website })] : []),
    r.userId === 0 ? { id: M.guest } : line(r.newu ? M.newUser : M.user, { id: r.userId }),
    line(M.page, { page: r.input.page || r.input.tracking.href || "—" }),
    ...(r.input.custom ? [line(M.context, { context: r.input.custom })] : []),
    ...(r.input.tracking.referrer ? [line(M.referrer, { referrer: r.input.tracking.referrer })] : []),
    ...(r.input.tracking.get ? [line(M.query, { query: r.input.tracking.get })] : []),
    ...(r.input.tracking.ref ? [line(M.referral, { referral: r.input.tracking.ref })] : []),
    r.input.message ? { data: r.input.message } : { id: M.noMessage },
  ];
  await sendEmail(services, {
    to: manager.email,
    template: "message",
    lang: manager.work_lang,
    category: "requests",
    data: { subject: line(M.requestSubject, { id: r.id, subject: label }), lines },
  });
}
