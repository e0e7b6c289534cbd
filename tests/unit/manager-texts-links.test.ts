import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messagingLinks } from "../../app/manager/messaging-links.ts";
import { MT } from "../../app/manager/text-ids.ts";
import { SUBJECT_TEXT } from "../../common/requests/subject-text.ts";
import { MANAGER_EMAIL } from "../../common/manager/email-text-ids.ts";
import type { ManagerContact } from "../../common/manager/types.ts";
import { REQUEST_ENTRY_SUBJECT } from "../../app/popups/request-button.tsx";
import { SUBJECT_VALUES, type SubjectType } from "../../common/requests/validate.ts";
import { DEFAULT_MANAGER, SUBJECT_TYPES } from "../../server/db/reference-data.server.ts";
import { screenById } from "../../common/screens.ts";

const manager: ManagerContact = {
  u_id: 0,
  id: 1,
  img: "",
  email_name: "M",
  email: "m@example.com",
  phone: "+380 44 300 12 34",
  work_lang: "en",
  whatsapp: "+380 44 300-12-34",
  skype: "live:mgr",
  telegram: "@mgr_bot",
  viber: "380443001234",
  zalo: "84901234567",
  fb_messenger: "rankforge",
  wechat: "rf_cn",
};

describe("spec 7 messaging links", () => {
  it("opens each chat service with the manager's handle", () => {
    expect(messagingLinks(manager)).toEqual([
      { channel: "whatsapp", label: "WhatsApp", href: "https://wa.me/380443001234" },
      { channel: "messenger", label: "Messenger", href: "https://m.me/rankforge" },
      { channel: "skype", label: "Skype", href: "skype:live%3Amgr?chat" },
      { channel: "telegram", label: "Telegram", href: "https://t.me/mgr_bot" },
      { channel: "viber", label: "Viber", href: "viber://chat?number=%2B380443001234" },
      { channel: "zalo", label: "Zalo", href: "https://zalo.me/84901234567" },
      { channel: "wechat", label: "WeChat", href: "weixin://dl/chat?rf_cn" },
    ]);
  });
  it("leaves out channels without a handle", () => {
    expect(messagingLinks({ ...manager, skype: "", zalo: " ", wechat: "" }).map((l) => l.channel)).toEqual([
      "whatsapp",
      "messenger",
      "telegram",
      "viber",
    ]);
  });
  it("the default manager has every channel but Zalo", () => {
    const d = DEFAULT_MANAGER;
    const links = messagingLinks({
      ...manager,
      whatsapp: d.whatsapp,
      skype: d.skype,
      telegram: d.telegram,
      viber: d.viber,
      zalo: d.zalo,
      fb_messenger: d.fbMessenger,
      wechat: d.wechat,
    });
    expect(links.map((l) => l.channel)).toEqual(["whatsapp", "messenger", "skype", "telegram", "viber", "wechat"]);
  });
});

describe("issue 5 manager texts (ids 42500–44999)", () => {
  const file = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../content/texts/en/manager.json"), "utf8")) as Record<
    string,
    Record<string, string>
  >;
  const ids = Object.values(file).flatMap((g) => Object.keys(g).map(Number));
  it("every named id is in range and has an English text; no text is unnamed", () => {
    const named = [...Object.values(MT), ...Object.values(MANAGER_EMAIL), ...Object.values(SUBJECT_TEXT)] as number[];
    for (const id of named) expect(id >= 42500 && id <= 44999, String(id)).toBe(true);
    expect([...named].sort()).toEqual([...ids].sort());
    for (const g of Object.values(file)) for (const v of Object.values(g)) expect(v.trim()).not.toBe("");
  });
  it("names every spec 3 subject type with the seeded label", () => {
    const texts = Object.assign({}, ...Object.values(file)) as Record<string, string>;
    for (const s of SUBJECT_TYPES) expect(texts[SUBJECT_TEXT[s.id as SubjectType]]).toBe(s.label);
    expect(Object.keys(SUBJECT_TEXT).map(Number).sort()).toEqual([...SUBJECT_VALUES].sort());
  });
  it("every translation covers exactly the English ids, with non-empty texts", () => {
    const dir = path.join(import.meta.dirname, "../../content/texts");
    const langs = readdirSync(dir).filter((l) => l !== "en" && existsSync(path.join(dir, l, "manager.json")));
    expect(langs.length).toBeGreaterThanOrEqual(4);
    for (const lang of langs) {
      const t = JSON.parse(readFileSync(path.join(dir, lang, "manager.json"), "utf8")) as Record<string, Record<string, string>>;
      const tIds = Object.values(t).flatMap((g) => Object.keys(g).map(Number));
      expect([...tIds].sort(), lang).toEqual([...ids].sort());
      for (const g of Object.values(t)) for (const v of Object.values(g)) expect(v.trim(), lang).not.toBe("");
    }
  });
  it("the phone placeholder text is the spec default", () => {
    expect(file.phone![MT.phonePlaceholder]).toBe("Enter a phone number");
  });
});

describe("issue 5 request entry points", () => {
  it("preselect the page's subject on existing screens", () => {
    expect(REQUEST_ENTRY_SUBJECT).toMatchObject({
      "reseller-program": 14,
      "affiliate-program": 18,
      ssl: 16,
      analytics: 3,
      "dedicated-seo-dashboard": 15,
    });
    for (const id of Object.keys(REQUEST_ENTRY_SUBJECT)) expect(screenById.has(id), id).toBe(true);
  });
  it("the request screens render with the request screen module", () => {
    for (const id of ["support", "seo-consultation", "audit-request", "request-backlinks"])
      expect(screenById.get(id)?.module).toBe("routes/request-screen.tsx");
  });
});
