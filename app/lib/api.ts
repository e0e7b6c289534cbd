/** The API's error shape (server/errors.server.ts). */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

/** A failed API call: the HTTP status and the server's error body when it sent one. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  constructor(status: number, body: ApiErrorBody | null) {
    super(body?.error.message ?? `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * The page's language for the API's error messages (issue 15.1, decision 0023): the `<html lang>`
 * BCP 47 tag sent as Accept-Language, which the API negotiates against the 42 languages.
 */
export function pageLanguageHeader(): Record<string, string> {
  const tag = typeof document === "undefined" ? "" : document.documentElement.lang;
  return tag ? { "accept-language": tag } : {};
}

/**
 * POSTs JSON to an /api path (with {@link pageLanguageHeader}, so error messages come in the page's language) and returns the parsed answer.
 * @throws ApiCallError on a non-2xx answer or a network failure (status 0).
 */
export async function postApi<T>(path: string, body: unknown = {}, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...pageLanguageHeader() },
      body: JSON.stringify(body),
      credentials: "same-origin",
      ...init,
    });
  } catch {
    throw new ApiCallError(0, null);
  }
  const json = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new ApiCallError(res.status, (json as ApiErrorBody | null) ?? null);
  return json as T;
}
