import type { ReactNode } from "react";
import { AccountLayer } from "../accounts/account-layer.tsx";
import { ManagerLayer } from "../popups/manager-layer.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

/**
 * What every site page carries around its content (spec 2): the manager layer (request popup,
 * chat and marketing buttons), the login component, the header and the footer. Rendered by the
 * site layout and, on marketing pages, hydrated by the islands entry (decision 0017).
 */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <ManagerLayer>
      <AccountLayer>
        <Header />
        {children}
        <Footer />
      </AccountLayer>
    </ManagerLayer>
  );
}
