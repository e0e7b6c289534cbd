import { describe, expect, it } from "vitest";
import { contentLibrary } from "../../server/content/documents.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import {
  BLOG_CATEGORIES,
  blogFrontMatter,
  companyPlaceholders,
  frontMatterOf,
  readContentFiles,
  type ContentProblem,
} from "../../server/content/files.server.ts";
import { LEGAL_SLUGS } from "../../server/content/documents.server.ts";

const values = {
  "company.name": "Rankforge",
  "company.legalName": "Rankforge LLC",
  "company.address": "Kyiv",
  "company.email": "hello@rankforge.test",
  "company.phone": "+380",
  "site.origin": "https://rankforge.test",
};

describe("issue 4 content files — every Markdown file under content/ follows its format", () => {
  it("blog posts: valid front matter, a known category, a description of at most 160 characters", () => {
    const { files, problems } = readContentFiles("blog");
    const all: ContentProblem[] = [...problems];
    for (const f of files) frontMatterOf(blogFrontMatter, f, all);
    expect(all).toEqual([]);
    expect(BLOG_CATEGORIES).toContain("technical-seo");
  });

  it("legal pages, cases and release notes: valid front matter, placeholders all filled", () => {
    const lib = contentLibrary(values);
    expect(lib.problems).toEqual([]);
    expect(
      lib.legal
        .filter((d) => d.lang === "en")
        .map((d) => d.slug)
        .sort(),
    ).toEqual([...LEGAL_SLUGS].sort());
    for (const doc of [...lib.legal, ...lib.cases])
      expect(`${doc.title} ${doc.description} ${doc.html}`, doc.slug).not.toMatch(/\{\{\s*(company|site)\./);
  });
});

describe("issue 4 company details for {{company.*}} placeholders (COMPANY_* variables)", () => {
  it("defaults to Rankforge in Kyiv with hello@rankforge.com (issue 16 point 5: one e-mail on every screen), and takes overrides", () => {
    const defaults = companyPlaceholders(parseEnv({ PUBLIC_ORIGIN: "https://rankforge.example/" }));
    expect(defaults).toMatchObject({
      "company.name": "Rankforge",
      "company.email": "hello@rankforge.com",
      "site.origin": "https://rankforge.example",
    });
    expect(defaults["company.address"]).toContain("Kyiv");
    expect(companyPlaceholders(parseEnv({ COMPANY_EMAIL: "legal@example.com", COMPANY_NAME: "Acme" }))).toMatchObject({
      "company.email": "legal@example.com",
      "company.name": "Acme",
    });
    expect(() => parseEnv({ COMPANY_EMAIL: "not an e-mail" })).toThrow(/COMPANY_EMAIL/);
  });
});
