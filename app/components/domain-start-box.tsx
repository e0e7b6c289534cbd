import { useRef, useState } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { T } from "../i18n/text-ids.ts";
import { useLocalized } from "../i18n/use-localized.ts";
import { useT } from "../i18n/use-texts.ts";
import { postApi } from "../lib/api.ts";
import { currentTracking } from "../../common/tracking.ts";

/**
 * The address check (with ipaddr.js, ~8 KB gzip) loads when the visitor first focuses the box,
 * not with the page (issue 14 point 4, decision 0017).
 */
const loadUrlCheck = () => import("../../common/url-check.ts");
import { LazyCataloguePopup as CataloguePopup } from "../popups/catalogue-lazy.tsx";
import { useManagerLayer } from "../popups/manager-layer.tsx";
import type { RootData } from "../root.tsx";

interface FilterAnswer {
  url?: string;
  domain_before?: string;
}
interface CheckAnswer {
  result: "reachable" | "banned" | "unreachable";
  page: string;
}
interface AddAnswer {
  result: "ok" | "banned";
  ids_project: number[];
}

/**
 * The domain start box (spec 5, 7, 8): validates the address ('Enter your domain' /
 * 'Enter your valid domain'), filters it on the server (filter_url must return url and
 * domain_before), checks the site (banned → popup type 4), adds it (add_site_wow) and opens the
 * project screen. Only one attempt runs at a time.
 */
export function DomainStartBox({ id = "start-domain", size = "lg" }: { id?: string; size?: "lg" | "md" }) {
  const t = useT();
  const to = useLocalized();
  const navigate = useNavigate();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [banned, setBanned] = useState<{ site: string; page?: string } | null>(null);
  const running = useRef(false);
  const layer = useManagerLayer();
  const invalid = t(T.enterValidDomain, "Enter your valid domain");

  async function start(e: React.FormEvent) {
    e.preventDefault();
    if (running.current) return;
    const { checkDomainInput } = await loadUrlCheck();
    const checked = checkDomainInput(value, { allowLoopback: root?.env.allowLoopback ?? false });
    if (!checked.ok) {
      setError(checked.error === "Enter your domain" ? t(T.enterDomain, checked.error) : invalid);
      return;
    }
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const filtered = await postApi<FilterAnswer>(`/api/pagespeed/filter_url?url=${encodeURIComponent(value.trim())}`);
      if (!filtered.url || !filtered.domain_before) throw new Error("invalid");
      // The address as typed: without a scheme, check_site tries https, then http (issue 8.7).
      const check = await postApi<CheckAnswer>("/api/project/check_site", { domain: filtered.domain_before, pagelink: value.trim() });
      if (check.result === "banned") {
        setBanned({ site: filtered.domain_before, page: filtered.url });
        return;
      }
      if (check.result === "unreachable") {
        setError(`We could not reach ${filtered.domain_before}. Check the address and try again.`);
        return;
      }
      const added = await postApi<AddAnswer>("/api/project/add_site_wow", { page: check.page, tracking: currentTracking() });
      if (added.result === "banned") {
        setBanned({ site: filtered.domain_before, page: check.page });
        return;
      }
      await navigate(to(`/project/${added.ids_project[0]}?auto=1`));
    } catch {
      setError(invalid);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const errorId = `${id}-error`;
  return (
    <>
      <form onSubmit={start} noValidate className="w-full" aria-label={t(T.checkWebsite, "Check my website")}>
        <label htmlFor={id} className="sr-only">
          {t(T.enterDomain, "Enter your domain")}
        </label>
        <div className={`flex flex-col gap-2 sm:flex-row ${size === "lg" ? "sm:gap-3" : ""}`}>
          <input
            id={id}
            name="domain"
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="example.com"
            value={value}
            onFocus={() => void loadUrlCheck()}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`w-full min-w-0 flex-1 rounded-lg border bg-white px-4 text-ink-900 shadow-sm outline-none placeholder:text-ink-300 focus:border-forge-500 focus:ring-2 focus:ring-forge-100 ${
              size === "lg" ? "py-3.5 text-lg" : "py-2.5"
            } ${error ? "border-danger-600" : "border-ink-300"}`}
          />
          <button type="submit" className="btn-primary whitespace-nowrap" disabled={busy} aria-busy={busy}>
            {busy ? "Checking…" : t(T.checkWebsite, "Check my website")}
          </button>
        </div>
        {/* Issue 16 point 14: the message sits on its own light pill, readable (≥ 4.5:1) on the navy hero and on white. */}
        <p id={errorId} role="alert" className="mt-2 min-h-5 text-sm font-medium">
          {error && <span className="inline-block rounded-md bg-danger-100 px-2 py-0.5 text-danger-700">{error}</span>}
        </p>
      </form>
      <CataloguePopup
        type={4}
        open={!!banned}
        onClose={() => setBanned(null)}
        {...(layer.available && {
          onContact: (custom: string) => {
            setBanned(null);
            layer.openRequest({ custom, subject: 1 });
          },
        })}
        site={banned?.site ?? ""}
        page={banned?.page}
      />
    </>
  );
}
