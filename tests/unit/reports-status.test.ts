import { describe, expect, it } from "vitest";
import { POLL_MS, PROGRESS_START, inProgress, isSentNotice, isVisible, needsPolling, smoothProgress } from "../../common/reports/status.ts";
import { GENERIC_REPORT_TEXT, REPORT_TYPE_CODES, reportTypeText } from "../../common/reports/types.ts";
import { signLink, verifyLink, LINK_TTL_MS } from "../../server/reports/link.server.ts";

describe("spec 9 report polling every 4 seconds", () => {
  it("polls every 4000 ms", () => expect(POLL_MS).toBe(4000));
});

describe("spec 4 report download item status st", () => {
  it("st 0 and 2 are in progress, 1 done, 3 closed (hidden)", () => {
    expect([0, 1, 2, 3].map(inProgress)).toEqual([true, false, true, false]);
    expect([0, 1, 2, 3].map(isVisible)).toEqual([true, true, true, false]);
  });
  it("polling goes on until every item is done", () => {
    expect(needsPolling([{ st: 1 }, { st: 0 }])).toBe(true);
    expect(needsPolling([{ st: 1 }, { st: 2 }])).toBe(true);
    expect(needsPolling([{ st: 1 }, { st: 3 }])).toBe(false);
    expect(needsPolling([])).toBe(false);
  });
});

describe("spec 4 displayed progress smoothing", () => {
  it("starts at 1", () => {
    expect(smoothProgress(null, 0, 0)).toBe(PROGRESS_START);
    expect(smoothProgress(null, 40, 2)).toBe(1);
  });
  it("rises by 2 when near the server value", () => {
    expect(smoothProgress(40, 42, 2)).toBe(42);
    expect(smoothProgress(40, 40, 2)).toBe(42);
    expect(smoothProgress(1, 5, 0)).toBe(3);
  });
  it("jumps to the server value otherwise", () => {
    expect(smoothProgress(1, 60, 2)).toBe(60);
    expect(smoothProgress(70, 30, 2)).toBe(30);
  });
  it("is 100 when done and never 100 before", () => {
    expect(smoothProgress(12, 50, 1)).toBe(100);
    expect(smoothProgress(98, 100, 2)).toBe(99);
    expect(smoothProgress(10, 100, 2)).toBe(99);
  });
});

describe("spec 4 sent notice", () => {
  it("idr 0, idrbs > 0 and progress 100 is flagged as sent", () => {
    expect(isSentNotice({ idr: 0, idrbs: 3, progress: 100 })).toBe(true);
    expect(isSentNotice({ idr: 5, idrbs: 3, progress: 100 })).toBe(false);
    expect(isSentNotice({ idr: 0, idrbs: 0, progress: 100 })).toBe(false);
    expect(isSentNotice({ idr: 0, idrbs: 3, progress: 99 })).toBe(false);
  });
});

describe("spec 3 report types as, fs, bp, co, wa, ps, ch", () => {
  it("each type has its own label; any other value the generic one", () => {
    const ids = REPORT_TYPE_CODES.map(reportTypeText);
    expect(new Set(ids).size).toBe(7);
    expect(ids).not.toContain(GENERIC_REPORT_TEXT);
    expect(reportTypeText("zz")).toBe(GENERIC_REPORT_TEXT);
  });
});

describe("spec 7 GET /api/download/report{link}: signed links", () => {
  const secret = "s".repeat(32);
  it("verifies its own link and refuses forged or expired ones", () => {
    const now = 1_700_000_000_000;
    const link = signLink(secret, 42, now);
    expect(link.startsWith("/42.")).toBe(true);
    expect(verifyLink(secret, link, now)).toBe(42);
    expect(verifyLink("other".repeat(8), link, now)).toBeNull();
    expect(verifyLink(secret, link.replace("/42.", "/43."), now)).toBeNull();
    expect(verifyLink(secret, link, now + LINK_TTL_MS + 1000)).toBeNull();
    expect(verifyLink(secret, "/../etc/passwd", now)).toBeNull();
  });
});

describe("report screen texts: ICU plurals", () => {
  it("picks the plural form by the language's rules", async () => {
    const { formatCount, formatBytes } = await import("../../common/reports/format.ts");
    const p = "{n, plural, one {Last # day} other {Last # days}}";
    expect(formatCount("en", p, 1)).toBe("Last 1 day");
    expect(formatCount("en", p, 30)).toBe("Last 30 days");
    expect(formatCount("ru", "{n, plural, one {# день} few {# дня} many {# дней} other {# дня}}", 5)).toBe("5 дней");
    expect(formatCount("en", "{n} % done", 42)).toBe("42 % done");
    expect(formatBytes("en", 2048)).toBe("2 KB");
  });
});
