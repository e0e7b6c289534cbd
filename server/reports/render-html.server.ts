/**
 * The report's own HTML (issue 11 point 2): one self-contained document (inline CSS, inline SVG
 * charts, the logo as a data URL) shown on screen and printed to PDF, so both look the same.
 * White-label: company, logo, colours, contacts, footer text, and Rankforge's name hidden on request.
 */
import { toBcp47 } from "../../common/i18n/languages.ts";
import type { ReportBlock, ReportDocument } from "./model.ts";

/** The white-label branding a report, an e-mail or a dashboard uses. */
export interface Branding {
  company: string;
  logo: string | null;
  colorPrimary: string;
  colorAccent: string;
  email: string;
  phone: string;
  website: string;
  footerText: string;
  hideBrand: boolean;
}

/** Rankforge's own branding, used without a white-label profile. */
export const DEFAULT_BRANDING: Branding = {
  company: "Rankforge",
  logo: null,
  colorPrimary: "#1d4ed8",
  colorAccent: "#0f766e",
  email: "",
  phone: "",
  website: "",
  footerText: "",
  hideBrand: false,
};

/** Escapes text for HTML. */
export function esc(s: string | number): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const COLOR = /^#[0-9a-f]{6}$/i;
const LOGO = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/;

function block(b: ReportBlock): string {
  switch (b.kind) {
    case "chart":
      return `<figure class="chart"><div role="img" aria-label="${esc(b.chart.alt)}">${b.chart.svg}</div><figcaption>${esc(b.chart.alt)}</figcaption></figure>`;
    case "metrics":
      return `<dl class="metrics">${b.items.map((i) => `<div><dt>${esc(i.label)}</dt><dd>${esc(i.value)}</dd></div>`).join("")}</dl>`;
    case "note":
      return `<p class="note">${esc(b.text)}</p>`;
    case "table":
      return `<table><caption>${esc(b.title)}</caption><thead><tr>${b.head.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}</tr></thead><tbody>${b.rows
        .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`)
        .join("")}</tbody></table>`;
  }
}

/** "Made with Rankforge" and "Generated {date} UTC" (reports.json, group "report"). */
const MADE_WITH = 53267;
const GENERATED = 53268;

/** Renders a report document as a complete HTML page, in the document's language. */
export function renderReportHtml(doc: ReportDocument, brand: Branding = DEFAULT_BRANDING): string {
  const primary = COLOR.test(brand.colorPrimary) ? brand.colorPrimary : DEFAULT_BRANDING.colorPrimary;
  const accent = COLOR.test(brand.colorAccent) ? brand.colorAccent : DEFAULT_BRANDING.colorAccent;
  const logo = brand.logo && LOGO.test(brand.logo) ? `<img class="logo" src="${brand.logo}" alt="${esc(brand.company)}">` : "";
  const contacts = [brand.website, brand.email, brand.phone].filter(Boolean).map(esc).join(" · ");
  const footer = [brand.footerText, brand.hideBrand ? "" : doc.t(MADE_WITH)].filter(Boolean).map(esc).join(" — ");
  return `<!doctype html><html lang="${toBcp47(doc.lang)}"><head><meta charset="utf-8"><title>${esc(doc.title)} — ${esc(doc.domain)}</title><style>
body{font-family:Inter,system-ui,sans-serif;color:#111827;margin:0;padding:24px;font-size:13px}
header{display:flex;align-items:center;gap:16px;border-bottom:4px solid ${primary};padding-bottom:12px;margin-bottom:20px}
.logo{max-height:56px;max-width:200px}
h1{font-size:22px;margin:0;color:${primary}}
h2{font-size:17px;color:${primary};border-bottom:1px solid #e5e7eb;padding-bottom:4px;margin-top:28px;break-after:avoid}
.meta{color:#4b5563;margin:4px 0 0}
.metrics{display:flex;flex-wrap:wrap;gap:12px;margin:12px 0}
.metrics div{border:1px solid #e5e7eb;border-left:4px solid ${accent};padding:8px 12px;min-width:120px}
.metrics dt{color:#4b5563;font-size:11px}.metrics dd{margin:2px 0 0;font-size:18px;font-weight:700}
.chart{margin:12px 0;break-inside:avoid}.chart svg{max-width:100%;height:auto}
figcaption{color:#4b5563;font-size:11px}
table{border-collapse:collapse;width:100%;margin:12px 0}caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border-bottom:1px solid #e5e7eb;padding:4px 6px;text-align:left;vertical-align:top;word-break:break-word}
th{background:#f3f4f6}tr{break-inside:avoid}
.note{border-left:4px solid #9ca3af;background:#f9fafb;padding:8px 12px}
footer{margin-top:32px;color:#4b5563;font-size:11px;border-top:1px solid #e5e7eb;padding-top:8px}
</style></head><body><header>${logo}<div><h1>${esc(doc.title)}</h1><p class="meta">${esc(doc.domain)} · ${esc(doc.from)} – ${esc(doc.to)} · ${esc(
    brand.company,
  )}</p>${contacts ? `<p class="meta">${contacts}</p>` : ""}</div></header><main>${doc.sections
    .map((s) => `<section id="${esc(s.id)}"><h2>${esc(s.title)}</h2>${s.blocks.map(block).join("")}</section>`)
    .join(
      "",
    )}</main><footer>${esc(doc.t(GENERATED, { date: doc.generatedAt.slice(0, 16).replace("T", " ") }))}${footer ? ` — ${footer}` : ""}</footer></body></html>`;
}
