import { describe, expect, it } from "vitest";
import { tsConfigFor } from "../../server/blog/sync-posts.server.ts";
import {
  countWords,
  fillPlaceholders,
  parseFrontMatter,
  readingMinutes,
  renderMarkdown,
  slugifyHeading,
} from "../../server/content/markdown.server.ts";
import { formatDay } from "../../common/content/format.ts";
import { fill } from "../../common/i18n/message.ts";

describe("issue 4 blog engine — Markdown with front matter rendered to safe HTML", () => {
  it("splits YAML front matter from the body", () => {
    const { data, body } = parseFrontMatter("---\ntitle: Hello\ntags: [a, b]\ndate: 2026-05-07\n---\n## One\n\nText");
    expect(data).toEqual({ title: "Hello", tags: ["a", "b"], date: "2026-05-07" });
    expect(body).toBe("## One\n\nText");
    expect(parseFrontMatter("no front matter").data).toEqual({});
    expect(() => parseFrontMatter("---\n- a list\n---\nx")).toThrow(/mapping/);
  });

  it("escapes raw HTML and drops javascript: links", () => {
    const { html } = renderMarkdown("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("&lt;script&gt;");
  });

  it("gives headings unique anchor ids and lists h2/h3 in the table of contents", () => {
    const r = renderMarkdown("## What it is\n\ntext\n\n### Details\n\n## What it is\n\n#### Deep\n\n## Що це таке?");
    expect(r.toc).toEqual([
      { level: 2, id: "what-it-is", text: "What it is" },
      { level: 3, id: "details", text: "Details" },
      { level: 2, id: "what-it-is-2", text: "What it is" },
      { level: 2, id: "що-це-таке", text: "Що це таке?" },
    ]);
    expect(r.html).toContain('<h2 id="what-it-is-2">');
    expect(r.html).toContain('<h4 id="deep">');
  });

  it("code blocks can be scrolled from the keyboard", () => {
    expect(renderMarkdown("```\nUser-agent: *\n```").html).toBe('<pre tabindex="0"><code>User-agent: *\n</code></pre>\n');
  });

  it("images load lazily; tables scroll in a wrapper", () => {
    const { html } = renderMarkdown("![Chart](/a.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toMatch(/<img src="\/a.png" alt="Chart" loading="lazy" decoding="async">/);
    expect(html).toContain('<div class="table-wrap" tabindex="0"><table>');
  });

  it("counts words and reading time (230 words a minute, at least 1)", () => {
    expect(countWords("Crawl budget isn't magic — it’s arithmetic.")).toBe(6);
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(230)).toBe(1);
    expect(readingMinutes(231)).toBe(2);
    expect(renderMarkdown("## Title\n\nOne two three.").words).toBe(4);
    expect(slugifyHeading("  ?! ")).toBe("section");
  });

  it("fills {{company.*}} placeholders and leaves unknown ones", () => {
    expect(
      fillPlaceholders("{{company.name}} at {{ site.origin }}; {{ .Permalink }}", {
        "company.name": "Rankforge",
        "site.origin": "https://x.test",
      }),
    ).toBe("Rankforge at https://x.test; {{ .Permalink }}");
    expect(fill("{n} min read", { n: 6 }, "en")).toBe("6 min read");
  });

  it("formats a day in the interface language without shifting it", () => {
    expect(formatDay("en", "2026-05-07")).toBe("May 7, 2026");
    expect(formatDay("de", "2026-05-07")).toBe("7. Mai 2026");
    expect(formatDay("ua", "2026-01-01")).toContain("2026");
  });
});

describe("issue 4 legal texts — list markers stay as written", () => {
  it("keeps (c) and -- untouched while curling quotes", () => {
    const { html } = renderMarkdown('(b) contract; (c) legal obligation -- "quoted"');
    expect(html).toContain("(c) legal obligation -- “quoted”");
  });
});

describe("issue 4 release notes — headings sit under the note's own h2 title", () => {
  it("shifts heading levels", () => {
    const r = renderMarkdown("## Accounts\n\n### Sign-in", { headingShift: 1 });
    expect(r.html).toContain('<h3 id="accounts">Accounts</h3>');
    expect(r.html).toContain('<h4 id="sign-in">Sign-in</h4>');
  });
});

describe("issue 4 blog search — text-search configuration per language", () => {
  it("uses the language's configuration when PostgreSQL has it, else 'simple'", () => {
    const available = new Set(["simple", "english", "russian", "german"]);
    expect(tsConfigFor("en", available)).toBe("english");
    expect(tsConfigFor("ru", available)).toBe("russian");
    expect(tsConfigFor("ua", available)).toBe("simple");
    expect(tsConfigFor("ee", available)).toBe("simple");
  });
});

describe("issue 4 blog search — code in the text stays searchable", () => {
  it("keeps <title> from being read as markup by the text-search parser", () => {
    expect(renderMarkdown("Set the `<title>` element.").plain).toBe("Set the <\u200btitle> element.");
  });
});
