/**
 * The islands entry of marketing pages (decision 0017), loaded instead of React Router's scripts
 * where the route's `handle.islands` says so (app/root.tsx). It hydrates:
 * - the page's shell (`#app21`: header with its menus, language switch and sign-in, footer, the
 *   manager layer with the request popup and the chat button, the login component, the cookie
 *   consent banner) as one React root, keeping the page's own content (`[data-page]`) as the
 *   server wrote it;
 * - every `[data-island]` inside that content (start box, lazy screenshot, office map) as a root
 *   of its own, with the props the server wrote, loading only the islands the page has.
 * Built on its own with "react-router" replaced by ./router-shim.tsx (vite.config.ts): its hooks
 * answer from the root loader data in `#rf-root-data`.
 */
import { StrictMode, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { SiteShell } from "../components/site-shell.tsx";
import { ConsentBanner } from "../consent/consent-banner.tsx";
import { useDownloadParam } from "../lib/download-param.ts";
import { ForwardedManagerLayer } from "../popups/manager-layer.tsx";
import type { RootData } from "../root.tsx";
import type { IslandName } from "./island.tsx";
import { IslandRouter } from "./router-shim.tsx";
import { ROOT_DATA_ID } from "./root-data.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island's props are checked where the server writes them (Island)
type AnyIsland = ComponentType<any>;

/** The islands by name, each loaded only on a page that has it. */
const ISLANDS: Record<IslandName, () => Promise<AnyIsland>> = {
  "start-box": () => import("../components/domain-start-box.tsx").then((m) => m.DomainStartBox),
  "lazy-image": () => import("../components/lazy-image.tsx").then((m) => m.LazyImage),
  "office-map": () => import("../site/office-map-box.tsx").then((m) => m.OfficeMapBox),
};

const root = JSON.parse(document.getElementById(ROOT_DATA_ID)?.textContent ?? "null") as RootData | null;
const page = document.querySelector<HTMLElement>("[data-page]");
/** The content's server HTML, kept as it is: the shell's hydration leaves it untouched. */
const pageHtml = { __html: page?.innerHTML ?? "" };

function Page() {
  return <div data-page="" style={{ display: "contents" }} dangerouslySetInnerHTML={pageHtml} suppressHydrationWarning />;
}

function DownloadParam() {
  useDownloadParam(root?.env.officialOrigins ?? []);
  return null;
}

function Root({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <IslandRouter root={root}>{children}</IslandRouter>
    </StrictMode>
  );
}

for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const load = ISLANDS[el.dataset.island as IslandName];
  if (!load) continue;
  const props = JSON.parse(el.dataset.props ?? "{}") as Record<string, unknown>;
  void load().then((Island) =>
    hydrateRoot(
      el,
      <Root>
        <ForwardedManagerLayer>
          <Island {...props} />
        </ForwardedManagerLayer>
      </Root>,
    ),
  );
}

const shell = document.getElementById("app21");
if (shell && page) {
  hydrateRoot(
    shell,
    <Root>
      <DownloadParam />
      <SiteShell>
        <Page />
      </SiteShell>
      <ConsentBanner />
    </Root>,
  );
}
