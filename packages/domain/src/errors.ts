/** Stable error codes shared by server and web. The server maps each to one HTTP status; the web translates each. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BOM_CYCLE: 409,
  INVALID_TRANSITION: 409,
  OVER_RECEIPT: 409,
  INSUFFICIENT_STOCK: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  COMPANY_READ_ONLY: 423,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** One problem with one input field; `key` is an i18n key in the `common` namespace (e.g. `validation.emailRequired`). */
export type FieldIssue = { field: string; key: string; params?: Record<string, string | number> };

export type ErrorBody = { error: { code: ErrorCode; message: string; details?: FieldIssue[] } };

/** The one error type of the application. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: FieldIssue[];
  constructor(code: ErrorCode, message: string, details?: FieldIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
