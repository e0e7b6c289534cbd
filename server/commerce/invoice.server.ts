/**
 * Invoices as PDF (issue 13.7): one self-contained HTML document with the company details from
 * configuration and the tax as the provider reported it, printed by server/pdf.
 */
import type { Services } from "../services.server.ts";
import { printPdf } from "../pdf/print.server.ts";
import type { OrderView } from "./orders.server.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${esc(currency)}`;

/** The invoice of a paid (or refunded) order as HTML. */
export function invoiceHtml(env: Services["env"], o: OrderView): string {
  const tax = o.taxCents ?? 0;
  const company = [
    env.COMPANY_LEGAL_NAME,
    `${env.OFFICE_STREET}, ${env.OFFICE_POSTAL_CODE} ${env.OFFICE_CITY}, ${env.OFFICE_COUNTRY}`,
    env.COMPANY_EMAIL ?? `hello@${new URL(env.PUBLIC_ORIGIN).hostname}`,
    env.COMPANY_TAX_ID ? `VAT / tax id: ${env.COMPANY_TAX_ID}` : "",
  ].filter(Boolean);
  const test = o.provider === "sandbox" ? `<p class="test">Test payment (sandbox): no money was taken.</p>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${o.id}</title><style>
body{font:14px/1.5 system-ui,sans-serif;color:#111;margin:40px}h1{font-size:24px}table{width:100%;border-collapse:collapse;margin-top:24px}
td,th{border-bottom:1px solid #ddd;padding:8px;text-align:left}td.n,th.n{text-align:right}.test{color:#b45309;font-weight:bold}
</style></head><body>
<h1>Invoice INV-${o.id}</h1>${test}
<p>${company.map(esc).join("<br>")}</p>
<p>Billed to: ${esc(o.customerName || o.customerEmail || "Customer")}${o.customerEmail ? `<br>${esc(o.customerEmail)}` : ""}</p>
<p>Date: ${esc((o.paidAt ?? o.createdAt).slice(0, 10))}<br>Order: ${o.id}${o.providerOrderId ? ` (${esc(o.providerOrderId)})` : ""}<br>Status: ${esc(o.status)}</p>
<table><thead><tr><th>Item</th><th>Projects</th><th class="n">Amount</th></tr></thead><tbody>
<tr><td>${esc(o.productKey)}</td><td>${o.projectIds.length || 1}</td><td class="n">${money(o.totalCents - tax, o.currency)}</td></tr>
<tr><td colspan="2">Tax (as reported by the payment provider)</td><td class="n">${money(tax, o.currency)}</td></tr>
<tr><th colspan="2">Total</th><th class="n">${money(o.totalCents, o.currency)}</th></tr>
</tbody></table></body></html>`;
}

/** The invoice as PDF bytes. */
export const invoicePdf = (env: Services["env"], o: OrderView): Promise<Buffer> => printPdf({ html: invoiceHtml(env, o) });
