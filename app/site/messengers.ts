import type { ManagerContacts } from "../../server/site/contacts.server.ts";

/** A messenger link of the manager (spec 7 "Messaging links go to a chat service"). */
export interface MessengerLink {
  name: string;
  href: string;
}

/** Chat links for the channels the manager has; WeChat goes to our /wechat page with its QR code. */
export function messengerLinks(
  m: Pick<ManagerContacts, "whatsapp" | "telegram" | "viber" | "skype" | "wechat">,
  wechatPath: string,
): MessengerLink[] {
  const out: MessengerLink[] = [];
  if (m.whatsapp) out.push({ name: "WhatsApp", href: `https://wa.me/${encodeURIComponent(m.whatsapp)}` });
  if (m.telegram) out.push({ name: "Telegram", href: `https://t.me/${encodeURIComponent(m.telegram)}` });
  if (m.viber) out.push({ name: "Viber", href: `viber://chat?number=%2B${encodeURIComponent(m.viber)}` });
  if (m.skype) out.push({ name: "Skype", href: `skype:${encodeURIComponent(m.skype)}?chat` });
  if (m.wechat) out.push({ name: "WeChat", href: wechatPath });
  return out;
}
