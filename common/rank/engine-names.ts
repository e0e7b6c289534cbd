/** Display names of the search engines a project tracks (`rank_engines.engine` → name); names, not texts. */
export const ENGINE_NAMES: Readonly<Record<string, string>> = { google: "Google", bing: "Bing", yandex: "Yandex" };
