import { messagingLinks } from "../manager/messaging-links.ts";
import { MT } from "../manager/text-ids.ts";
import type { ManagerContact } from "../../common/manager/types.ts";
import { T } from "../i18n/text-ids.ts";
import { useT } from "../i18n/use-texts.ts";

/** The personal manager: photo, name, phone, e-mail and messaging links (spec 3, 7). */
export function ManagerCard({ manager, compact = false }: { manager: ManagerContact; compact?: boolean }) {
  const t = useT();
  const links = messagingLinks(manager);
  return (
    <div className="flex gap-4" data-testid="manager-card">
      <img
        src={manager.img || "/images/manager-default.svg"}
        alt=""
        width={compact ? 48 : 64}
        height={compact ? 48 : 64}
        className={`shrink-0 rounded-full bg-ink-100 object-cover ${compact ? "h-12 w-12" : "h-16 w-16"}`}
      />
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{t(T.personalManager)}</p>
        <p className="font-semibold text-ink-900">{manager.email_name}</p>
        {!compact && (
          <dl className="mt-1 space-y-0.5 text-sm text-ink-700">
            {manager.phone && (
              <div className="flex gap-1">
                <dt className="sr-only">{t(MT.callMe)}</dt>
                <dd>
                  <a href={`tel:${manager.phone.replace(/[^\d+]/g, "")}`}>{manager.phone}</a>
                </dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt className="sr-only">{t(MT.writeMe)}</dt>
              <dd className="truncate">
                <a href={`mailto:${manager.email}`}>{manager.email}</a>
              </dd>
            </div>
          </dl>
        )}
        {links.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t(MT.messageMe)}>
            {links.map((l) => (
              <li key={l.channel}>
                <a
                  href={l.href}
                  {...(l.href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  data-channel={l.channel}
                  className="inline-block rounded-full border border-ink-100 bg-ink-50 px-2.5 py-0.5 text-xs font-medium text-ink-700 no-underline hover:border-forge-500 hover:text-forge-600"
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
