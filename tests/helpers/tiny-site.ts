import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveSite } from "./site-model.ts";

const page = (title: string, links: string[], head = "") =>
  `<!doctype html><html lang="en"><head><title>${title} — a tiny test site</title>${head}</head><body><h1>${title}</h1>${links
    .map((l) => `<a href="${l}">${l}</a>`)
    .join(" ")}<p>Some words on the page so it is not thin content at all, for the checks.</p></body></html>`;

/**
 * A three-page plain-http site on loopback (built in the test, nothing copied), for audits that
 * must finish in a second. `head` goes into the home page's <head>; `files` adds or overrides paths.
 */
export function serveTinySite(opts: { head?: string; files?: Record<string, { status?: number; type?: string; body: string }> } = {}) {
  const empty = mkdtempSync(path.join(os.tmpdir(), "rf-tiny-"));
  return serveSite(empty, {
    "/": { type: "text/html", body: page("Home", ["/a.html", "/b.html"], opts.head) },
    "/a.html": { type: "text/html", body: page("A", ["/", "/b.html"]) },
    "/b.html": { type: "text/html", body: page("B", ["/", "/a.html"]) },
    ...opts.files,
  });
}
