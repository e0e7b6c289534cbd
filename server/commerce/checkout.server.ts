/**
 * The click-tracking handler behind every checkout link (spec 7, issue 13.2): records the click as
 * a pending order, then answers the hosted checkout address for the plan's product key with the
 * referrer (user id and project ids joined by `*`), the total in integer cents (spec 9), the
 * customer's name and e-mail and the manager, button, bl and guest markers (spec 6). The order keeps
 * the buyer's language (issue 15.1): the checkout and return pages are in it, and so is a guest's receipt.
 */
import { eq } from "drizzle-orm";
import type { Owner } from "../access/owner.server.ts";
import { authorize } from "../access/rule.server.ts";
import { orders, pricePlans, resellers, users } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { checkoutReferrer, checkoutTotalCents, discountedCents, MAX_TOTAL_CENTS } from "../../common/commerce/checkout.ts";
import { DEFAULT_LANG, isLanguage, localizePath } from "../../common/i18n/languages.ts";
import { checkoutProvider } from "./providers/index.server.ts";

/** Options of {@link startCheckout}. */
export interface StartCheckoutOptions {
  services: Services;
  owner: Owner;
  productKey: string;
  projectIds: number[];
  /** Spec 7 markers. */
  markers: { manager?: string | undefined; button?: string | undefined; bl?: string | undefined };
  /** A guest buyer's name and e-mail (signed-in users: from the account). */
  name?: string | undefined;
  email?: string | undefined;
  /** Referral code from the rf_ref cookie (the affiliate's user id). */
  ref?: string | undefined;
  /** The language of the page the link was followed from, a spec 2 URL code; unsupported or absent: English. */
  lang?: string | undefined;
}

/** The affiliate a referral code names, or null (unknown user, or the buyer: self-referral refused). */
async function affiliateOf(services: Services, ref: string | undefined, buyer: number | null): Promise<number | null> {
  const id = Number(ref);
  if (!ref || !Number.isSafeInteger(id) || id <= 0 || id === buyer) return null;
  const [u] = await services.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return u?.id ?? null;
}

/**
 * Creates the pending order and returns where to send the buyer.
 * @throws AppError "not_found" naming "plan" or "projects", "bad_request" when the total is too large.
 */
export async function startCheckout(o: StartCheckoutOptions): Promise<{ orderId: number; url: string }> {
  const { services, owner } = o;
  const [plan] = await services.db.select().from(pricePlans).where(eq(pricePlans.productKey, o.productKey));
  if (!plan) throw new AppError("not_found", errorText(58134), "plan");
  const projectIds = [...new Set(o.projectIds)];
  for (const id of projectIds) await authorize({ db: services.db, owner, resource: "project", id, action: "change", field: "projects" });
  const [user] = owner.userId === null ? [] : await services.db.select().from(users).where(eq(users.id, owner.userId));
  const [reseller] = user ? await services.db.select().from(resellers).where(eq(resellers.userId, user.id)) : [];
  const discount = reseller ? (reseller.discountPercent ?? services.env.RESELLER_DISCOUNT_PERCENT) : 0;
  const totalCents = checkoutTotalCents(discountedCents(plan.priceCents, discount), Math.max(1, projectIds.length));
  if (totalCents > MAX_TOTAL_CENTS) throw new AppError("bad_request", errorText(58135), "projects");
  const provider = checkoutProvider(services);
  const markers = Object.fromEntries(
    Object.entries(o.markers).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );
  const guest = !user;
  const lang = isLanguage(o.lang) ? o.lang : DEFAULT_LANG;
  const [order] = await services.db
    .insert(orders)
    .values({
      userId: user?.id ?? null,
      visitorId: owner.visitorId,
      productKey: plan.productKey,
      projectIds,
      totalCents,
      provider: provider.name,
      customerName: user?.name ?? o.name ?? "",
      customerEmail: user?.email ?? o.email ?? "",
      guest,
      markers,
      affiliateUserId: await affiliateOf(services, o.ref, user?.id ?? null),
      resellerDiscount: discount,
      lang,
    })
    .returning();
  const url = await provider.checkoutUrl(
    {
      id: order!.id,
      productKey: plan.productKey,
      months: plan.months,
      totalCents,
      referrer: checkoutReferrer(user?.id ?? null, projectIds),
      customerName: order!.customerName,
      customerEmail: order!.customerEmail,
      guest,
      markers,
      lang,
    },
    new URL(localizePath(lang, "/payment-result"), services.env.PUBLIC_ORIGIN).toString(),
  );
  return { orderId: order!.id, url };
}
