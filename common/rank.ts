/** Rank tracking choices shared by the engine form and the server (issue 10 point 1). */

/** Engine types offered when adding (a provider may add more). */
export const ENGINE_TYPES = ["google", "bing", "yandex"] as const;

/** Devices offered. */
export const DEVICES = ["desktop", "mobile"] as const;
