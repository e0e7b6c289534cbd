import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/write-a-review";
import { Breadcrumbs } from "../content/components/breadcrumbs.tsx";
import { PageHero } from "../content/components/page-hero.tsx";
import { PageMeta } from "../content/components/page-meta.tsx";
import { StarIcons } from "../content/components/stars.tsx";
import { C } from "../content/text-ids.ts";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { localizePath } from "../../common/i18n/languages.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { langOf } from "../../server/blog/view.server.ts";
import { AppError } from "../../server/errors.server.ts";
import { parseReview, REVIEW_PRODUCTS, submitReview, type ReviewField } from "../../server/reviews/reviews.server.ts";

/** /write-a-review (issue 4): `?sent=1` after a review was stored; `?product=` preselects the product. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const product = url.searchParams.get("product");
  return {
    sent: url.searchParams.get("sent") === "1",
    product: (REVIEW_PRODUCTS as readonly string[]).includes(product ?? "") ? product! : "rankforge",
  };
}

type Values = Partial<Record<"name" | "email" | "product" | "rating" | "text" | "consent", string>>;

/**
 * Validates the form with zod (every invalid field reported), counts the sender's IP against the
 * rate limit, stores the review as pending and redirects to the thank-you state (post/redirect/get).
 * A filled honeypot gets the same thank-you without storing anything.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { ip } = context.get(requestInfoContext);
  const lang = langOf(params);
  const form = await request.formData();
  const raw: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") raw[k] = v;
  const values: Values = {
    name: raw.name,
    email: raw.email,
    product: raw.product,
    rating: raw.rating,
    text: raw.text,
    consent: raw.consent,
  };
  const done = redirect(`${localizePath(lang, "/write-a-review")}?sent=1`);
  const parsed = parseReview(raw);
  if (!parsed.ok) {
    if (parsed.bot) return done;
    return data({ fields: parsed.fields, rateLimited: false, values }, { status: 422 });
  }
  try {
    await submitReview(services.db, parsed.review, { ip, lang });
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited")
      return data({ fields: [] as ReviewField[], rateLimited: true, values }, { status: 429 });
    throw err;
  }
  return done;
}

const FIELD_ERROR: Record<ReviewField, number> = {
  name: C.errName,
  email: C.errEmail,
  product: C.errProduct,
  rating: C.errRating,
  text: C.errText,
  consent: C.errConsent,
};

const PRODUCTS: [string, number][] = [
  ["rankforge", C.productRankforge],
  ["autoseo", C.productAutoseo],
  ["fullseo", C.productFullseo],
  ["analytics", C.productAnalytics],
];

const input =
  "mt-1.5 block w-full rounded-lg border bg-white px-4 py-3 text-ink-900 shadow-sm placeholder:text-ink-500 aria-[invalid=true]:border-danger-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger-600";

function FieldError({ id, show, text }: { id: string; show: boolean; text: string }) {
  if (!show) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger-600">
      {text}
    </p>
  );
}

export default function WriteAReview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalized();
  const busy = useNavigation().state === "submitting";
  const errors = new Set<string>(actionData?.fields ?? []);
  const v: Values = actionData?.values ?? {};
  const err = (f: ReviewField) => errors.has(f);
  const described = (f: ReviewField, extra?: string) => [err(f) ? `${f}-error` : "", extra ?? ""].filter(Boolean).join(" ") || undefined;
  return (
    <main id="main" className="flex-1">
      <PageMeta title={t(C.writeMetaTitle)} description={t(C.writeIntro)} />
      <PageHero
        top={<Breadcrumbs items={[{ label: t(C.home), to: to("/") }, { label: t(C.writeTitle) }]} />}
        eyebrow={t(C.reviewsEyebrow)}
        title={t(C.writeTitle)}
        lead={t(C.writeIntro)}
      />
      <div className="container-page grid items-start gap-8 py-10 lg:grid-cols-[minmax(0,42rem)_1fr] lg:gap-12 lg:py-14">
        {loaderData.sent ? (
          <section role="status" className="card text-center">
            <svg aria-hidden="true" width="48" height="48" viewBox="0 0 48 48" className="mx-auto">
              <circle cx="24" cy="24" r="24" className="fill-signal-100" />
              <path
                d="M15 24.5l6 6 12-13"
                fill="none"
                strokeWidth="3.5"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="stroke-signal-600"
              />
            </svg>
            <h2 className="mt-4 text-2xl font-bold text-ink-900">{t(C.thanksTitle)}</h2>
            <p className="mt-3 text-ink-700">{t(C.thanksText)}</p>
            <Link to={to("/client-testimonials")} className="btn-secondary mt-6">
              {t(C.testimonialsTitle)}
            </Link>
          </section>
        ) : (
          <Form
            method="post"
            noValidate
            className="card space-y-6 sm:p-8"
            aria-describedby={errors.size || actionData?.rateLimited ? "form-error" : undefined}
          >
            {(errors.size > 0 || actionData?.rateLimited) && (
              <p id="form-error" role="alert" className="rounded-lg bg-danger-100 p-4 font-medium text-danger-600">
                {actionData?.rateLimited ? t(C.errRateLimited) : t(C.formHasErrors)}
              </p>
            )}
            <div className="grid gap-6 sm:grid-cols-2">
              <div>
                <label htmlFor="name" className="font-medium text-ink-900">
                  {t(C.labelName)}
                </label>
                <input
                  id="name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={80}
                  defaultValue={v.name}
                  aria-invalid={err("name")}
                  aria-describedby={described("name")}
                  className={`${input} border-ink-300`}
                />
                <FieldError id="name-error" show={err("name")} text={t(FIELD_ERROR.name)} />
              </div>
              <div>
                <label htmlFor="email" className="font-medium text-ink-900">
                  {t(C.labelEmail)}
                </label>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  maxLength={200}
                  defaultValue={v.email}
                  aria-invalid={err("email")}
                  aria-describedby={described("email", "email-hint")}
                  className={`${input} border-ink-300`}
                />
                <p id="email-hint" className="mt-1.5 text-sm text-ink-500">
                  {t(C.emailPrivate)}
                </p>
                <FieldError id="email-error" show={err("email")} text={t(FIELD_ERROR.email)} />
              </div>
            </div>
            <div>
              <label htmlFor="product" className="font-medium text-ink-900">
                {t(C.labelProduct)}
              </label>
              <select
                id="product"
                name="product"
                defaultValue={v.product ?? loaderData.product}
                aria-invalid={err("product")}
                aria-describedby={described("product")}
                className={`${input} border-ink-300`}
              >
                {PRODUCTS.map(([value, id]) => (
                  <option key={value} value={value}>
                    {t(id)}
                  </option>
                ))}
              </select>
              <FieldError id="product-error" show={err("product")} text={t(FIELD_ERROR.product)} />
            </div>
            <fieldset aria-describedby={described("rating")}>
              <legend className="font-medium text-ink-900">{t(C.labelRating)}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {[5, 4, 3, 2, 1].map((n) => (
                  <label key={n} className="cursor-pointer">
                    <input type="radio" name="rating" value={n} defaultChecked={v.rating === String(n)} className="peer sr-only" />
                    <span
                      className={`inline-flex items-center gap-1.5 rounded-full border px-4 py-2 text-sm font-medium text-ink-700 transition peer-checked:border-forge-600 peer-checked:bg-forge-100 peer-checked:text-ink-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-forge-500 ${err("rating") ? "border-danger-600" : "border-ink-300"}`}
                    >
                      <StarIcons n={n} />
                      {t([0, C.rating1, C.rating2, C.rating3, C.rating4, C.rating5][n]!)}
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id="rating-error" show={err("rating")} text={t(FIELD_ERROR.rating)} />
            </fieldset>
            <div>
              <label htmlFor="text" className="font-medium text-ink-900">
                {t(C.labelText)}
              </label>
              <textarea
                id="text"
                name="text"
                rows={7}
                required
                minLength={30}
                maxLength={3000}
                defaultValue={v.text}
                aria-invalid={err("text")}
                aria-describedby={described("text", "text-hint")}
                className={`${input} border-ink-300`}
              />
              <p id="text-hint" className="mt-1.5 text-sm text-ink-500">
                {t(C.textHint)}
              </p>
              <FieldError id="text-error" show={err("text")} text={t(FIELD_ERROR.text)} />
            </div>
            <div className="hidden" aria-hidden="true">
              <label htmlFor="website">Website</label>
              <input id="website" name="website" tabIndex={-1} autoComplete="off" />
            </div>
            <div>
              <label className="flex items-start gap-3 text-ink-700">
                <input
                  type="checkbox"
                  name="consent"
                  defaultChecked={v.consent === "on"}
                  aria-invalid={err("consent")}
                  aria-describedby={described("consent")}
                  className="mt-1 h-5 w-5 shrink-0 accent-forge-600"
                />
                <span>
                  {t(C.consent)}{" "}
                  <Link to={to("/privacy-policy")} className="text-forge-700 underline">
                    {t(C.privacyPolicy)}
                  </Link>
                </span>
              </label>
              <FieldError id="consent-error" show={err("consent")} text={t(FIELD_ERROR.consent)} />
            </div>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? t(C.sending) : t(C.submit)}
            </button>
          </Form>
        )}
        <aside className="rounded-[var(--radius-card)] border border-ink-100 bg-white p-6 text-ink-700 lg:mt-0">
          <h2 className="text-lg font-semibold text-ink-900">{t(C.reviewsEyebrow)}</h2>
          <p className="mt-3 leading-relaxed">{t(C.moderationNote)}</p>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to={to("/client-testimonials")} className="font-medium text-forge-700">
                {t(C.testimonialsTitle)} →
              </Link>
            </li>
            <li>
              <Link to={to("/autoseo-client-reviews")} className="font-medium text-forge-700">
                {t(C.reviewsTitle)} →
              </Link>
            </li>
          </ul>
        </aside>
      </div>
    </main>
  );
}
