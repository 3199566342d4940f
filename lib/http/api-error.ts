// Errors the API answers with {error:{code,message}}; the message is chosen in the request's language.
import { format } from "~/lib/i18n/format";
import { LANGS, type Lang, type Localized } from "~/lib/i18n/languages";

export type LocalizedText = Localized<string>;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly text: LocalizedText,
    public readonly details?: Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(text.en);
    this.name = "ApiError";
  }

  messageIn(lang: Lang): string {
    return this.text[lang] ?? this.text.en;
  }
}

/** An API error's body in a language: the one shape every error answer has (`{ error: { code, message } }`). */
export function apiErrorBody(error: ApiError, lang: Lang) {
  const message = error.messageIn(lang);
  return { success: false, message, error: { code: error.code, message, ...(error.details ?? {}) } };
}

/**
 * The one way to build a 429: `rate_limited` with `retryAfter` in the body and the Retry-After header.
 * `{minutes}` and `{seconds}` in the text are filled in ("try again in N minutes").
 */
export function tooManyRequests(text: LocalizedText, retryAfterSeconds: number): ApiError {
  const values = { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)), seconds: retryAfterSeconds };
  const filled = Object.fromEntries(LANGS.map((lang) => [lang, format(text[lang], values)])) as LocalizedText;
  return new ApiError(429, "rate_limited", filled, { retryAfter: retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
}

/** Messages shared by every API. Domain modules keep their own next to their code. */
export const COMMON_ERRORS = {
  invalidJson: {
    en: "The request body is not valid JSON.",
    ja: "リクエスト本文が正しい JSON 形式ではありません。",
    zh: "请求正文不是有效的 JSON。",
  },
  jsonObjectExpected: {
    en: "The request body must be a JSON object.",
    ja: "リクエスト本文は JSON オブジェクトである必要があります。",
    zh: "请求正文必须是 JSON 对象。",
  },
  tooLarge: {
    en: "The request is too large.",
    ja: "リクエストのサイズが大きすぎます。",
    zh: "请求内容过大。",
  },
  validation: {
    en: "Some fields are missing or invalid.",
    ja: "未入力または正しくない項目があります。",
    zh: "部分字段缺失或无效。",
  },
  notFound: {
    en: "This API endpoint does not exist.",
    ja: "この API エンドポイントは存在しません。",
    zh: "该 API 接口不存在。",
  },
  rateLimited: {
    en: "Too many requests. Please wait a moment and try again.",
    ja: "リクエストが多すぎます。しばらく待ってから再度お試しください。",
    zh: "请求过于频繁，请稍候再试。",
  },
  unavailable: {
    en: "The service is temporarily unavailable. Please try again shortly.",
    ja: "サービスが一時的に利用できません。しばらくしてから再度お試しください。",
    zh: "服务暂时不可用，请稍后再试。",
  },
  concurrentChange: {
    en: "Another change to the same records was being saved at the same moment, so nothing was changed. Please try again.",
    ja: "同じデータへの別の変更が同時に保存されていたため、何も変更されませんでした。もう一度お試しください。",
    zh: "同一数据的另一项更改正在同时保存，因此未做任何更改。请重新提交。",
  },
  internal: {
    en: "Internal Error Occurred. Try Again Later.",
    ja: "内部エラーが発生しました。しばらくしてから再度お試しください。",
    zh: "发生内部错误，请稍后再试。",
  },
  unauthorized: {
    en: "Please log in to continue.",
    ja: "続行するにはログインしてください。",
    zh: "请先登录后继续。",
  },
  forbidden: {
    en: "You do not have permission to do this.",
    ja: "この操作を行う権限がありません。",
    zh: "您没有执行此操作的权限。",
  },
  invalidHost: {
    en: "The request's Host header is not a valid host name.",
    ja: "リクエストの Host ヘッダーが正しいホスト名ではありません。",
    zh: "请求的 Host 标头不是有效的主机名。",
  },
  missingHost: {
    en: "The request has no Host header.",
    ja: "リクエストに Host ヘッダーがありません。",
    zh: "请求缺少 Host 标头。",
  },
  badRequest: {
    en: "The request is malformed.",
    ja: "リクエストの形式が正しくありません。",
    zh: "请求格式不正确。",
  },
  methodNotAllowed: {
    en: "This method is not allowed here.",
    ja: "このメソッドはここでは使用できません。",
    zh: "此处不允许使用该请求方法。",
  },
  unsupportedMediaType: {
    en: "Send the request body as JSON (Content-Type: application/json).",
    ja: "リクエスト本文は JSON（Content-Type: application/json）で送信してください。",
    zh: "请以 JSON 格式（Content-Type: application/json）发送请求正文。",
  },
  unsupportedTransferEncoding: {
    en: "Transfer-Encoding is supported only as chunked.",
    ja: "Transfer-Encoding は chunked のみに対応しています。",
    zh: "Transfer-Encoding 仅支持 chunked。",
  },
  requestTimeout: {
    en: "The request's body did not arrive in time. Please send it again.",
    ja: "リクエスト本文が時間内に届きませんでした。もう一度送信してください。",
    zh: "请求正文未能及时送达，请重新发送。",
  },
  rangeNotSatisfiable: {
    en: "The requested range is not in this file.",
    ja: "要求された範囲はこのファイルにありません。",
    zh: "请求的范围不在此文件中。",
  },
  preconditionFailed: {
    en: "The file has changed since the request's condition.",
    ja: "ファイルはリクエストの条件の時点から変更されています。",
    zh: "文件已更改，不满足请求的前提条件。",
  },
  headersTooLarge: {
    en: "The request's headers are too large.",
    ja: "リクエストのヘッダーが大きすぎます。",
    zh: "请求的标头过大。",
  },
  uriTooLong: {
    en: "This address is too long. Please check the link or go back to the site's pages.",
    ja: "このアドレスは長すぎます。リンクを確認するか、サイトのページからお進みください。",
    zh: "此地址过长。请检查链接，或从网站的页面重新进入。",
  },
  requestTooSlow: {
    en: "The request did not arrive in time. Please send it again.",
    ja: "リクエストが時間内に届きませんでした。もう一度送信してください。",
    zh: "请求未能及时送达，请重新发送。",
  },
  expectationFailed: {
    en: "The request's Expect header asks for something this server does not do.",
    ja: "リクエストの Expect ヘッダーが求める動作に、このサーバーは対応していません。",
    zh: "请求的 Expect 标头所要求的行为，本服务器不支持。",
  },
  unsupportedBodyEncoding: {
    en: "Send the request body as UTF-8 JSON, uncompressed or compressed with gzip, deflate or br.",
    ja: "リクエスト本文は UTF-8 の JSON で、圧縮なし、または gzip・deflate・br で圧縮して送信してください。",
    zh: "请以 UTF-8 编码的 JSON 发送请求正文，可不压缩，或使用 gzip、deflate、br 压缩。",
  },
} satisfies Record<string, LocalizedText>;

/** The one 401: no valid session behind the request's bearer token. */
export const unauthorized = () => new ApiError(401, "unauthorized", COMMON_ERRORS.unauthorized);

/** The one 405: a method this path does not take, with the methods it does (`Allow`). */
export const methodNotAllowed = (allow: string) =>
  new ApiError(405, "method_not_allowed", COMMON_ERRORS.methodNotAllowed, undefined, { Allow: allow });

/**
 * The one answer to a write PostgreSQL aborted for meeting another (a deadlock or a serialization
 * failure): its transaction was rolled back whole, so sending it again is safe.
 */
export const concurrentChange = () =>
  new ApiError(409, "concurrent_change", COMMON_ERRORS.concurrentChange, undefined, { "Retry-After": "1" });

/** The one 503: the instance cannot take the request now (busy, or its database away); try again in 5 s. */
export const unavailable = () => new ApiError(503, "unavailable", COMMON_ERRORS.unavailable, undefined, { "Retry-After": "5" });
