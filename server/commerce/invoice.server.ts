/**
 * Invoices as PDF (issue 13.7): one self-contained HTML document with the company details from
 * configuration and the tax as the provider reported it, printed by server/pdf. Issue 15.1: written
 * in the buyer's language ({@link buyerLang}), amounts and dates in its format.
 */
import { eq } from "drizzle-orm";
import { INVOICE, STATUS_TEXT, CT } from "../../common/commerce/text-ids.ts";
import { PLAN_NAME_GROUPS, planName } from "../../common/commerce/plan-name.ts";
import { formatDate, formatMoney } from "../../common/i18n/format.ts";
import { toBcp47 } from "../../common/i18n/languages.ts";
import type { Owner } from "../access/owner.server.ts";
import { orders } from "../db/schema.server.ts";
import { AppError, errorText } from "../errors.server.ts";
import { translator, type Translate } from "../i18n/texts.server.ts";
import type { Services } from "../services.server.ts";
import { printPdf } from "../pdf/print.server.ts";
import { buyerLang, getOrder, type OrderView } from "./orders.server.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Text groups the invoice reads. */
const INVOICE_GROUPS = ["invoice", ...PLAN_NAME_GROUPS];

/** The invoice of a paid (or refunded) order as HTML, its texts from `t` in `lang`. */
export function invoiceHtml(env: Services["env"], o: OrderView, t: Translate, lang: string): string {
  const tax = o.taxCents ?? 0;
  const money = (cents: number) => esc(formatMoney(lang, cents, o.currency));
  const company = [
    env.COMPANY_LEGAL_NAME,
    `${env.OFFICE_STREET}, ${env.OFFICE_POSTAL_CODE} ${env.OFFICE_CITY}, ${env.OFFICE_COUNTRY}`,
    env.COMPANY_EMAIL ?? `hello@${new URL(env.PUBLIC_ORIGIN).hostname}`,
    env.COMPANY_TAX_ID ? t(INVOICE.taxId, { id: env.COMPANY_TAX_ID }) : "",
  ].filter(Boolean);
  const test = o.provider === "sandbox" ? `<p class="test">${esc(t(INVOICE.sandbox))}</p>` : "";
  const title = esc(t(INVOICE.title, { id: o.id }));
  const order = `${o.id}${o.providerOrderId ? ` (${o.providerOrderId})` : ""}`;
  return `<!doctype html><html lang="${esc(toBcp47(lang))}"><head><meta charset="utf-8"><title>${title}</title><style>
body{font:14px/1.5 system-ui,sans-serif;color:#111;margin:40px}h1{font-size:24px}table{width:100%;border-collapse:collapse;margin-top:24px}
td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left}td.n,th.n{text-align:right}.test{color:#b45309;font-weight:bold}
</style></head><body>
<h1>${title}</h1>${test}
<p>${company.map(esc).join("<br>")}</p>
<p>${esc(t(INVOICE.billedTo, { name: o.customerName || o.customerEmail || t(INVOICE.customer) }))}${o.customerEmail ? `<br>${esc(o.customerEmail)}` : ""}</p>
<p>${esc(t(INVOICE.date, { date: formatDate(lang, new Date(o.paidAt ?? o.createdAt)) }))}<br>${esc(t(INVOICE.order, { id: order }))}<br>${esc(t(INVOICE.status, { status: t(STATUS_TEXT[o.status]) }))}</p>
<table><thead><tr><th>${esc(t(INVOICE.item))}</th><th>${esc(t(CT.projects))}</th><th class="n">${esc(t(CT.amount))}</th></tr></thead><tbody>
<tr><td>${esc(planName(t, o))}</td><td>${o.projectIds.length || 1}</td><td class="n">${money(o.totalCents - tax)}</td></tr>
<tr><td colspan="2">${esc(t(INVOICE.tax))}</td><td class="n">${money(tax)}</td></tr>
<tr><th colspan="2">${esc(t(INVOICE.total))}</th><th class="n">${money(o.totalCents)}</th></tr>
</tbody></table></body></html>`;
}

/**
 * The invoice of one of the owner's paid orders as PDF bytes, in the buyer's language.
 * @throws AppError "not_found" naming "order" when it is not the owner's, "conflict" when it is not paid.
 */
export async function invoicePdf(opts: { services: Services; owner: Owner; orderId: number }): Promise<Buffer> {
  const { services } = opts;
  const order = await getOrder({ db: services.db, owner: opts.owner, orderId: opts.orderId });
  if (order.paidAt === null) throw new AppError("conflict", errorText(58125), "order");
  const [row] = await services.db.select({ userId: orders.userId, lang: orders.lang }).from(orders).where(eq(orders.id, order.id));
  const lang = await buyerLang(services.db, row!);
  const t = await translator(services.db, lang, INVOICE_GROUPS);
  return printPdf({ html: invoiceHtml(services.env, order, t, lang) });
}
