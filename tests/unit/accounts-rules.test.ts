import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { authErrorText } from "../../app/accounts/auth-client.ts";
import { RESTORE_FAILED_POPUP, RESTORE_FAILED_POPUP_MS, RESTORE_RELOAD_MS, finishRestore } from "../../app/accounts/restore-flow.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { MIN_PASSWORD_LENGTH, isValidEmail, isValidPassword } from "../../common/accounts/rules.ts";
import { privateWhenSignedIn } from "../../server/auth/private-pages.server.ts";
import enTexts from "../../content/texts/en/accounts.json" with { type: "json" };

describe("spec 5 and 9 password and e-mail rules", () => {
  it("needs a password of more than 5 characters (one rule for the forms, the API and better-auth)", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(isValidPassword("12345")).toBe(false);
    expect(isValidPassword("123456")).toBe(true);
  });

  it("checks e-mails with the standard pattern", () => {
    for (const ok of ["a@b.co", "first.last+tag@example.com", "x_y@sub.domain.org", " padded@example.com "])
      expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ["", "plain", "a@b", "@example.com", "a@.com", "a b@example.com", "a@example..com", `${"a".repeat(250)}@x.io`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe("spec 4, 8, 9 account restore transition", () => {
  function effects() {
    const calls: string[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    return {
      calls,
      timers,
      fx: {
        closePopup: () => calls.push("close"),
        showSuccess: () => calls.push("alert"),
        openPopup: (t: number) => calls.push(`popup ${t}`),
        reload: () => calls.push("reload"),
        later: (fn: () => void, ms: number) => timers.push({ fn, ms }),
      },
    };
  }

  it("success: closes the popup, shows the alert, reloads after 3 s", () => {
    const { calls, timers, fx } = effects();
    finishRestore(true, fx);
    expect(calls).toEqual(["close", "alert"]);
    expect(timers.map((t) => t.ms)).toEqual([3000]);
    expect(RESTORE_RELOAD_MS).toBe(3000);
    timers[0]!.fn();
    expect(calls).toEqual(["close", "alert", "reload"]);
  });

  it("failure: opens popup type 10 after 600 ms", () => {
    vi.useFakeTimers();
    try {
      const { calls, fx } = effects();
      finishRestore(false, { ...fx, later: (fn, ms) => setTimeout(fn, ms) });
      vi.advanceTimersByTime(599);
      expect(calls).toEqual(["close"]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(["close", "popup 10"]);
      expect([RESTORE_FAILED_POPUP, RESTORE_FAILED_POPUP_MS]).toEqual([10, 600]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("has the spec 8 success texts", () => {
    expect(enTexts.settings[String(AT.restoreSuccessTitle) as "40217"]).toBe("Success!");
    expect(enTexts.settings[String(AT.restoreSuccessText) as "40218"]).toBe("Your account has been successfully recovery!");
  });
});

describe("issue 5 sign-in messages never tell whether an e-mail exists", () => {
  it("maps a wrong password and an unknown e-mail to the same text, and 429 to the wait message", () => {
    expect(authErrorText(401, "INVALID_EMAIL_OR_PASSWORD")).toBe(AT.badCredentials);
    expect(authErrorText(401, "")).toBe(AT.badCredentials);
    expect(authErrorText(429, "rate_limited")).toBe(AT.tooManyAttempts);
    expect(authErrorText(403, "ACCOUNT_DELETED")).toBe(AT.accountDeletedSignIn);
    expect(authErrorText(500, "")).toBe(AT.somethingWrong);
  });

  it("keeps every accounts text id inside the assigned range 40000–42499", () => {
    const ids = Object.values(enTexts).flatMap((g) => Object.keys(g).map(Number));
    expect(ids.every((id) => id >= 40000 && id <= 42499)).toBe(true);
    for (const id of Object.values(AT)) expect(ids, `text ${id}`).toContain(id);
  });
});

describe("issue 5 pages of a signed-in browser are private", () => {
  it("adds Cache-Control private, no-store only with the session cookie and no policy of the route's own", () => {
    const page = () => new Response("<html></html>", { status: 200, headers: { "content-type": "text/html" } });
    const signedIn = new Request("http://x/", { headers: { cookie: "rf_vid=1; rf.session_token=abc.def" } });
    const secure = new Request("http://x/", { headers: { cookie: "__Secure-rf.session_token=abc" } });
    const guest = new Request("http://x/", { headers: { cookie: "rf_vid=1" } });
    expect(privateWhenSignedIn(signedIn, page()).headers.get("cache-control")).toBe("private, no-store");
    expect(privateWhenSignedIn(secure, page()).headers.get("cache-control")).toBe("private, no-store");
    expect(privateWhenSignedIn(guest, page()).headers.get("cache-control")).toBeNull();
    const own = new Response("x", { headers: { "cache-control": "no-cache" } });
    expect(privateWhenSignedIn(signedIn, own).headers.get("cache-control")).toBe("no-cache");
  });
});

describe("issue 5 translations of the accounts texts", () => {
  it("translate only ids that exist in English, and cover every e-mail text", () => {
    const dir = path.resolve(import.meta.dirname, "../../content/texts");
    const en = new Set(Object.values(enTexts).flatMap((g) => Object.keys(g)));
    const emailIds = Object.keys(enTexts.email);
    for (const lang of readdirSync(dir).filter((l) => l !== "en" && existsSync(path.join(dir, l, "accounts.json")))) {
      const t = JSON.parse(readFileSync(path.join(dir, lang, "accounts.json"), "utf8")) as Record<string, Record<string, string>>;
      for (const id of Object.values(t).flatMap((g) => Object.keys(g))) expect(en.has(id), `${lang} ${id}`).toBe(true);
      expect(Object.keys(t.email ?? {}).sort(), lang).toEqual(emailIds.sort());
    }
  });
});
