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

/** The one error shape of the API: `{ error: { code, message, field? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

/** The one application error type. `field` names the input at fault, when there is one. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.field = field;
  }
  get status(): number {
    return errorStatus[this.code];
  }
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}
