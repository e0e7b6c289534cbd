import { useEffect } from "react";

/** localStorage key where an honoured download link waits for automatic download (spec 2). */
export const AUTO_DOWNLOAD_KEY = "rf_auto_download";

/**
 * Spec 2: a `download` query parameter is honoured only if it starts with one of the product's
 * official origins. Returns the link to store, or null when it is to be ignored.
 */
export function acceptDownloadParam(value: string | null, officialOrigins: readonly string[]): string | null {
  if (!value) return null;
  return officialOrigins.some((o) => value === o || value.startsWith(o.endsWith("/") ? o : `${o}/`)) ? value : null;
}

/** URL without its `download` parameter, or null when it had none. */
export function withoutDownloadParam(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has("download")) return null;
  url.searchParams.delete("download");
  return url.pathname + url.search + url.hash;
}

/** On load, stores an official `download` link for automatic download and removes it from the URL. */
export function useDownloadParam(officialOrigins: readonly string[]): void {
  useEffect(() => {
    const link = acceptDownloadParam(new URL(window.location.href).searchParams.get("download"), officialOrigins);
    const clean = withoutDownloadParam(window.location.href);
    if (!link || clean === null) return;
    window.localStorage.setItem(AUTO_DOWNLOAD_KEY, link);
    window.history.replaceState(window.history.state, "", clean);
  }, [officialOrigins]);
}
