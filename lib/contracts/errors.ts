// The one error shape every API answer that is not 2xx has (server/app.ts writes it from an ApiError),
// and the codes any endpoint may answer. Each resource's contract lists its own codes next to it.

/** Codes any endpoint can answer (framework, authentication, validation, limits). */
export const COMMON_ERROR_CODES = [
  "invalid_json",
  "payload_too_large",
  "validation_failed",
  "not_found",
  "rate_limited",
  "unauthorized",
  "forbidden",
  "unsupported_media_type",
  "unsupported_transfer_encoding",
  "request_timeout",
  "unavailable",
  "concurrent_change",
  "bad_request",
  "invalid_host",
  "method_not_allowed",
  "internal_error",
] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

/** `{success:false, message, error:{code, message, ...details}}`; the message is in the request's language. */
export interface ApiErrorBody<Code extends string = string> {
  success: false;
  message: string;
  error: {
    code: Code;
    message: string;
    /** 400 validation_failed: field → translated message (lib/contracts/field-errors.ts). */
    fields?: Record<string, string>;
    /** 400 validation_failed: field → code ("required", "too_long:100"). */
    codes?: Record<string, string>;
    /** 429: seconds until a retry can succeed (also the Retry-After header). */
    retryAfter?: number;
    [detail: string]: unknown;
  };
}

/** A plain acknowledgement: the action happened, `message` says so in the request's language. */
export interface MessageResponse {
  success: true;
  message: string;
}
