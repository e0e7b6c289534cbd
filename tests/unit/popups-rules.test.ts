import { describe, expect, it } from "vitest";
import {
  chooseLoginPopup,
  LOGIN_POPUP_DELAY_MS,
  LOGIN_POPUP_PAGES,
  MARKETING_SCRIPT_DELAY_MS,
  seoConsultationCookie,
  wantsSeoConsultation,
  type LoginStateFacts,
} from "../../app/popups/login-state.ts";
import {
  controllerOf,
  loadsGlobalComponents,
  loadsRequestComponent,
  MARKETING_BUTTON_BOTTOM_PX,
  showsMarketingButton,
} from "../../app/popups/page-rules.ts";
import { parseEnv } from "../../server/env.server.ts";
import { checkManagerRequest, checkStartRequest, hasNoErrors, isSubjectType, SUBJECT_VALUES } from "../../common/requests/validate.ts";

const now = new Date("2026-11-23T12:00:00Z");
const base: LoginStateFacts = {
  userId: 7,
  datereg: new Date("2026-11-20T12:00:00Z"),
  popups: [],
  licenseType: 0,
  managerPhone: "",
  cookies: "",
  now,
};

describe("spec 4 after-login-state popup choice", () => {
  it("maps the first popup code: 1→18, 2→19, 3→21, 5→20, 11→17", () => {
    const table: [number, number][] = [
      [1, 18],
      [2, 19],
      [3, 21],
      [5, 20],
      [11, 17],
    ];
    for (const [code, type] of table) expect(chooseLoginPopup({ ...base, popups: [code, 1] })).toBe(type);
  });
  it("an unknown first code shows nothing (no seo-consultation fallback)", () => {
    expect(chooseLoginPopup({ ...base, popups: [4] })).toBeNull();
  });
  it("with no code runs the seo-consultation check (type 14)", () => {
    expect(chooseLoginPopup(base)).toBe(14);
  });
  it("runs on best-pages, analyzer, page-speed and project after 2 s", () => {
    expect(LOGIN_POPUP_PAGES).toEqual(["best-pages", "analyzer", "page-speed", "project"]);
    expect(LOGIN_POPUP_DELAY_MS).toBe(2000);
  });
  it("loads the marketing script 4 s after the login state is known, from configuration (none by default)", () => {
    expect(MARKETING_SCRIPT_DELAY_MS).toBe(4000);
    expect(parseEnv({}).MARKETING_SCRIPT_URL).toBeUndefined();
    expect(parseEnv({ MARKETING_SCRIPT_URL: "" }).MARKETING_SCRIPT_URL).toBeUndefined();
    expect(parseEnv({ MARKETING_SCRIPT_URL: "https://cdn.example/m.js" }).MARKETING_SCRIPT_URL).toBe("https://cdn.example/m.js");
    expect(parseEnv({}).IP2C_URL).toBe("/api/geo/ip2c");
  });
});

describe("spec 4 seo-consultation popup (type 14) and its 720-minute cookie", () => {
  it("needs more than 0 days since registration", () => {
    expect(wantsSeoConsultation({ ...base, datereg: new Date(now.getTime() - 23 * 3600_000) })).toBe(false);
    expect(wantsSeoConsultation({ ...base, datereg: new Date(now.getTime() - 24 * 3600_000) })).toBe(true);
  });
  it("needs no licence", () => {
    expect(wantsSeoConsultation({ ...base, licenseType: 2 })).toBe(false);
  });
  it("needs a manager phone under 6 characters", () => {
    expect(wantsSeoConsultation({ ...base, managerPhone: "12345" })).toBe(true);
    expect(wantsSeoConsultation({ ...base, managerPhone: "123456" })).toBe(false);
  });
  it("is off while the cookie one_msg_skypeorphone is 1", () => {
    expect(wantsSeoConsultation({ ...base, cookies: "a=b; one_msg_skypeorphone=1" })).toBe(false);
    expect(wantsSeoConsultation({ ...base, cookies: "one_msg_skypeorphone=0" })).toBe(true);
  });
  it("never shows for guests", () => {
    expect(wantsSeoConsultation({ ...base, userId: 0, datereg: null })).toBe(false);
  });
  it("sending sets the cookie for 720 minutes", () => {
    expect(seoConsultationCookie()).toBe("one_msg_skypeorphone=1; Max-Age=43200; Path=/; SameSite=Lax");
  });
});

describe("spec 2 global page behaviour", () => {
  it("reads the controller after the language prefix", () => {
    expect(controllerOf("/")).toBe("index");
    expect(controllerOf("/de/best-pages")).toBe("best-pages");
    expect(controllerOf("/case/some-slug")).toBe("case");
  });
  it("login, request and chat components load everywhere but popup, wow, dashboard, affiliate, popup-request, chat-client", () => {
    for (const c of ["popup", "wow", "dashboard", "affiliate", "popup-request", "chat-client"])
      expect(loadsGlobalComponents(c)).toBe(false);
    for (const c of ["index", "support", "contacts", "affiliate-program"]) expect(loadsGlobalComponents(c)).toBe(true);
    expect(loadsRequestComponent("contacts")).toBe(false);
    expect(loadsRequestComponent("support")).toBe(true);
  });
  it("the marketing button shows only on its pages, hidden for guests on four pages and for Turkish", () => {
    const user = { loggedIn: true, lang: "en" };
    const guest = { loggedIn: false, lang: "en" };
    for (const c of [
      "addproject",
      "addengine",
      "support",
      "payments",
      "settings",
      "best-pages",
      "analyzer",
      "page-speed",
      "cases",
      "case",
      "autoseo-client-reviews",
      "client-testimonials",
      "autoseo-checklist",
      "fullseo-checklist",
      "project",
      "sproject",
    ]) {
      expect(showsMarketingButton(c, user), c).toBe(true);
    }
    for (const c of ["index", "autoseo", "price", "contacts"]) expect(showsMarketingButton(c, user), c).toBe(false);
    for (const c of ["best-pages", "analyzer", "page-speed", "support"]) expect(showsMarketingButton(c, guest), c).toBe(false);
    expect(showsMarketingButton("cases", guest)).toBe(true);
    expect(showsMarketingButton("cases", { loggedIn: true, lang: "tr" })).toBe(false);
    expect(MARKETING_BUTTON_BOTTOM_PX).toBe(30);
  });
});

describe("spec 5 request form validation and spec 8 red-field flags", () => {
  const good = { username: "Ann", email: "ann@example.com", message: "Hi", phoneValid: true };
  it("manager request form: phone valid, name, e-mail and message non-blank", () => {
    expect(hasNoErrors(checkManagerRequest(good, { supportPage: false, loggedIn: false }))).toBe(true);
    expect(
      checkManagerRequest({ username: " ", email: "", message: "\n", phoneValid: false }, { supportPage: false, loggedIn: true }),
    ).toEqual({
      usernameErr: true,
      emailErr: true,
      phoneErr: true,
      messageErr: true,
      websiteErr: false,
    });
    expect(checkManagerRequest({ ...good, email: "not-an-email" }, { supportPage: false, loggedIn: false }).emailErr).toBe(false);
  });
  it("on the support page a logged-in user gives only the message; a guest gives everything", () => {
    const empty = { username: "", email: "", message: "Help", phoneValid: false };
    expect(hasNoErrors(checkManagerRequest(empty, { supportPage: true, loggedIn: true }))).toBe(true);
    expect(checkManagerRequest({ ...empty, message: "" }, { supportPage: true, loggedIn: true }).messageErr).toBe(true);
    expect(checkManagerRequest(empty, { supportPage: true, loggedIn: false }).phoneErr).toBe(true);
  });
  it("start request form: subject 17 needs a valid website URL and drops the e-mail", () => {
    const r = checkStartRequest({ ...good, email: "", website: "example.com" }, { subject: 17, messageDisabled: false });
    expect(r).toEqual({
      errors: { usernameErr: false, emailErr: false, phoneErr: false, messageErr: false, websiteErr: false },
      dropEmail: true,
    });
    expect(checkStartRequest({ ...good, website: "nodot" }, { subject: 17, messageDisabled: false }).errors.websiteErr).toBe(true);
    expect(checkStartRequest({ ...good, website: "http://10.0.0.1/" }, { subject: 17, messageDisabled: false }).errors.websiteErr).toBe(
      true,
    );
  });
  it("start request form: otherwise e-mail required; message optional only when messageDisabled", () => {
    const r = checkStartRequest({ ...good, email: "", message: "" }, { subject: 1, messageDisabled: false });
    expect(r.dropEmail).toBe(false);
    expect(r.errors.emailErr).toBe(true);
    expect(r.errors.messageErr).toBe(true);
    expect(checkStartRequest({ ...good, message: "" }, { subject: 1, messageDisabled: true }).errors.messageErr).toBe(false);
    expect(checkStartRequest({ ...good, phoneValid: false }, { subject: 1, messageDisabled: true }).errors.phoneErr).toBe(true);
  });
  it("knows the spec 3 subject type values", () => {
    expect(SUBJECT_VALUES).toEqual([1, 8, 3, 17, 15, 14, 18, 16, 6]);
    expect(isSubjectType(17)).toBe(true);
    expect(isSubjectType(2)).toBe(false);
  });
});
