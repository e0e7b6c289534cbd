import { describe, expect, inject, it } from "vitest";
import { screens } from "../../common/screens.ts";
import { analyzePage } from "../../server/analyzer/analyze.server.ts";

/** Every public, indexable page without parameters, plus the main page, in English and Ukrainian. */
const PATHS = [
  "/",
  ...screens.filter((s) => s.audience === "public" && s.layout === "site" && !s.noindex && !s.path.includes(":")).map((s) => `/${s.path}`),
];

describe("issue 4 — our own page analyzer finds no error-severity issue on our public pages", () => {
  for (const path of [...PATHS, "/ua", "/ua/autoseo", "/de/contacts", "/es/analytics", "/ru/dsd-quick-tour"]) {
    it(path, async () => {
      const report = await analyzePage(inject("baseUrl") + path, { allowPrivate: true });
      expect(report.statusCode).toBe(200);
      expect(report.issues.filter((i) => i.severity === "error").map((i) => `${i.check}: ${i.message}`)).toEqual([]);
    });
  }
});
