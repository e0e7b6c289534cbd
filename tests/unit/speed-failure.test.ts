import { describe, expect, it } from "vitest";
import { failureReason, type Lhr } from "../../server/speed/summarize.ts";

const lhr = (patch: Partial<Lhr>): Lhr => ({
  fetchTime: "2026-11-24T00:00:00.000Z",
  lighthouseVersion: "13.0.0",
  categories: { performance: { score: null, auditRefs: [] } },
  audits: {},
  ...patch,
});

describe("issue 12.1 a page that fails to load ends with its error shown: the reason of a run without a score", () => {
  const url = "http://127.0.0.1:8080/about_jena/security-advisories.html";

  it("Lighthouse's runtime error first", () => {
    expect(failureReason(lhr({ runtimeError: { code: "FAILED_DOCUMENT_REQUEST", message: "net::ERR_CONNECTION_REFUSED" } }), url)).toBe(
      "FAILED_DOCUMENT_REQUEST: net::ERR_CONNECTION_REFUSED",
    );
  });

  /** A run whose LCP audit failed with `errorMessage` and whose page ended at `finalDisplayedUrl`. */
  const lcpError = (finalDisplayedUrl: string, errorMessage: string) =>
    lhr({
      finalDisplayedUrl,
      audits: {
        "largest-contentful-paint": {
          id: "largest-contentful-paint",
          title: "Largest Contentful Paint",
          score: null,
          scoreDisplayMode: "error",
          errorMessage,
        },
      },
    });

  it.each([
    {
      when: "else the first metric's error and where the page went (a meta refresh to a refused host)",
      finalUrl: "https://jena.apache.org/security/",
      error: "The page did not display content that qualifies as a Largest Contentful Paint (LCP). (NO_LCP)",
      reason:
        "Largest Contentful Paint: The page did not display content that qualifies as a Largest Contentful Paint (LCP). (NO_LCP) (the page went to https://jena.apache.org/security/)",
    },
    {
      when: "Chromium's error page as the final URL (measured on the jena page whose meta refresh goes to a refused host)",
      finalUrl: "chrome-error://chromewebdata/",
      error: "mainDocumentRequest not found",
      reason: "Largest Contentful Paint: mainDocumentRequest not found (the page went to an address that could not be loaded)",
    },
  ])("$when", ({ finalUrl, error, reason }) => {
    expect(failureReason(lcpError(finalUrl, error), url)).toBe(reason);
  });

  it("no result at all, or no score without a stated reason", () => {
    expect(failureReason(undefined, url)).toBe("Lighthouse gave no result");
    expect(failureReason(lhr({ finalDisplayedUrl: url }), url)).toBe("Lighthouse measured no performance score");
  });
});
