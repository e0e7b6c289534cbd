import type { ManagerContact } from "../../common/manager/types.ts";

/** A messaging channel the manager can be reached on (spec 7 "Messaging links"). */
export interface MessagingLink {
  channel: "whatsapp" | "messenger" | "skype" | "telegram" | "viber" | "zalo" | "wechat";
  label: string;
  href: string;
}

const digits = (s: string) => s.replace(/\D/g, "");
const handle = (s: string) => s.trim().replace(/^@/, "");

/**
 * Links that open each chat service with the manager's handle: WhatsApp (wa.me), Messenger
 * (m.me), Skype (skype: URI), Telegram (t.me), Viber (viber: URI), Zalo (zalo.me) and WeChat
 * (weixin: URI). Channels the manager has no handle for are left out.
 */
export function messagingLinks(m: ManagerContact): MessagingLink[] {
  const links: MessagingLink[] = [];
  if (digits(m.whatsapp)) links.push({ channel: "whatsapp", label: "WhatsApp", href: `https://wa.me/${digits(m.whatsapp)}` });
  if (handle(m.fb_messenger))
    links.push({ channel: "messenger", label: "Messenger", href: `https://m.me/${encodeURIComponent(handle(m.fb_messenger))}` });
  if (handle(m.skype)) links.push({ channel: "skype", label: "Skype", href: `skype:${encodeURIComponent(handle(m.skype))}?chat` });
  if (handle(m.telegram))
    links.push({ channel: "telegram", label: "Telegram", href: `https://t.me/${encodeURIComponent(handle(m.telegram))}` });
  if (digits(m.viber)) links.push({ channel: "viber", label: "Viber", href: `viber://chat?number=%2B${digits(m.viber)}` });
  if (digits(m.zalo)) links.push({ channel: "zalo", label: "Zalo", href: `https://zalo.me/${digits(m.zalo)}` });
  if (handle(m.wechat))
    links.push({ channel: "wechat", label: "WeChat", href: `weixin://dl/chat?${encodeURIComponent(handle(m.wechat))}` });
  return links;
}
