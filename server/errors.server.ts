import { DEFAULT_LANG } from "../common/i18n/languages.ts";
import { type MessageValues, type TextRef, renderText } from "../common/i18n/message.ts";
import { englishTextFiles } from "./i18n/texts.server.ts";

/** Every error code the API can answer with, and its HTTP status. */
export const errorStatus = {
  bad_request: 400,
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unreachable: 502,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one error shape of the API: `{ error: { code, message, field? } }`; `message` is rendered in the requester's language. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** Text group of the error messages (content/texts/<lang>/errors.json, ids 58000–58999; issue 15.1, decision 0023). */
export const ERROR_TEXT_GROUP = "errors";

/** A reference to error text `id` (content/texts/<lang>/errors.json, or a shared text such as 9787) with its placeholder values. */
export function errorText(id: number, values?: MessageValues): TextRef {
  return values ? { id, values } : { id };
}

/** Renders `ref` in English from the text files (no database): logs, the CLI and the default language. */
export function englishError(ref: TextRef): string {
  return renderText(ref, englishTextFiles(), DEFAULT_LANG);
}

/**
 * The one application error type. `text` is the message as a text reference, rendered in the
 * requester's language when answered (server/i18n/error-texts.server.ts); `message` is its English
 * rendering, for logs. `field` names the input at fault, when there is one.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly text: TextRef;
  constructor(code: ErrorCode, text: TextRef, field?: string) {
    super(englishError(text));
    this.name = "AppError";
    this.code = code;
    this.field = field;
    this.text = text;
  }
  get status(): number {
    return errorStatus[this.code];
  }
  /** The answer body with the message rendered by `render` (English by default). */
  toBody(render: (ref: TextRef) => string = englishError): ErrorBody {
    return { error: { code: this.code, message: render(this.text), ...(this.field ? { field: this.field } : {}) } };
  }
}
