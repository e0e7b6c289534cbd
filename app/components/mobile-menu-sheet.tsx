import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "react-router";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { NAV, companyNav } from "./nav.ts";
import { useFacts } from "../site/use-facts.ts";
import { AT } from "../../common/accounts/text-ids.ts";
import { SHELL, useNavLabel } from "../site/nav-texts.ts";

/**
 * The phone menu (issue 16 point 12): a side sheet grouped as the desktop navigation (services,
 * SEO tools ending with "All SEO tools" → /page-sidebar, company with Blog and Audit studies, pricing), every link a ≥ 44 px tap target. A
 * dialog: Escape, the close button, a tap outside and choosing a link all close it. Loaded by
 * the MobileMenu button on first use, open from the start when that first press loaded it.
 */
export function MobileMenuSheet({ defaultOpen }: { defaultOpen?: boolean }) {
  const t = useT();
  const to = useLocalized();
  const label = useNavLabel();
  const facts = useFacts();
  const groups = [
    { title: t(T.navServices, "Services"), items: NAV.services },
    {
      title: t(T.navTools, "SEO tools"),
      items: [{ to: "/project", label: "My projects" }, ...NAV.tools, { to: "/page-sidebar", label: "All SEO tools" }],
    },
    { title: t(T.navCompany, "Company"), items: [{ to: "/price", label: "Pricing" }, ...companyNav(facts?.reviews ?? null)] },
  ];
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger
        className="grid h-11 w-11 place-items-center rounded-md border border-ink-700 text-ink-100 lg:hidden"
        aria-label={t(SHELL.menu, "Menu")}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 5h14M3 10h14M3 15h14" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,90vw)] flex-col overflow-y-auto bg-white p-4 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold text-ink-900">{t(SHELL.menu, "Menu")}</Dialog.Title>
            <Dialog.Close className="grid h-11 w-11 place-items-center rounded-md text-ink-700 hover:bg-ink-50" aria-label={t(AT.close)}>
              <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" stroke="currentColor" strokeWidth="1.8">
                <path d="M4 4l10 10M14 4L4 14" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t(SHELL.menu, "Menu")}</Dialog.Description>
          <nav aria-label={t(SHELL.menu, "Menu")} className="mt-2">
            {groups.map((g) => (
              <section key={g.title} className="mt-3">
                <h2 className="px-3 text-xs font-semibold tracking-wide text-ink-500 uppercase">{g.title}</h2>
                <ul className="mt-1">
                  {g.items.map((i) => (
                    <li key={i.to}>
                      <Dialog.Close asChild>
                        <Link
                          to={to(i.to)}
                          className="flex min-h-11 items-center rounded px-3 text-base text-ink-900 no-underline hover:bg-ink-50"
                        >
                          {label(i.to, i.label)}
                        </Link>
                      </Dialog.Close>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
