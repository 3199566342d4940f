// The card messages a payment provider shows, in every language. Isomorphic: the test-mode card form
// shows them in the browser, the server translates a provider's decline with them. English follows
// the wording card networks and Stripe use, so "the provider's message as is" reads the same.
import type { Lang, Localized } from "~/lib/i18n/languages";

export const CARD_ERRORS = {
  incomplete_number: {
    en: "Your card number is incomplete.",
    ja: "カード番号が不完全です。",
    zh: "您的卡号不完整。",
  },
  invalid_number: {
    en: "Your card number is invalid.",
    ja: "カード番号が無効です。",
    zh: "您的卡号无效。",
  },
  incomplete_expiry: {
    en: "Your card's expiration date is incomplete.",
    ja: "カードの有効期限が不完全です。",
    zh: "您的卡有效期不完整。",
  },
  invalid_expiry_month: {
    en: "Your card's expiration month is invalid.",
    ja: "カードの有効期限（月）が無効です。",
    zh: "您的卡有效期月份无效。",
  },
  invalid_expiry_year: {
    en: "Your card's expiration year is invalid.",
    ja: "カードの有効期限（年）が無効です。",
    zh: "您的卡有效期年份无效。",
  },
  invalid_expiry_month_past: {
    en: "Your card's expiration date is in the past.",
    ja: "カードの有効期限が過ぎています。",
    zh: "您的卡已超过有效期。",
  },
  invalid_expiry_year_past: {
    en: "Your card's expiration year is in the past.",
    ja: "カードの有効期限（年）が過ぎています。",
    zh: "您的卡有效期年份已过。",
  },
  incomplete_cvc: {
    en: "Your card's security code is incomplete.",
    ja: "カードのセキュリティコードが不完全です。",
    zh: "您的卡安全码不完整。",
  },
  invalid_cvc: {
    en: "Your card's security code is invalid.",
    ja: "カードのセキュリティコードが無効です。",
    zh: "您的卡安全码无效。",
  },
  test_mode_live_card: {
    en: "Your card was declined. Test mode accepts only test card numbers, such as 4242 4242 4242 4242.",
    ja: "カードが拒否されました。テストモードでは 4242 4242 4242 4242 などのテスト用カード番号のみご利用いただけます。",
    zh: "您的卡被拒绝。测试模式仅接受测试卡号，例如 4242 4242 4242 4242。",
  },
  test_mode_authentication: {
    en: "This test card asks for 3-D Secure authentication, which the built-in test mode cannot show. Use a test card without it, such as 4242 4242 4242 4242.",
    ja: "このテスト用カードには 3-D セキュア認証が必要ですが、内蔵のテストモードでは認証画面を表示できません。4242 4242 4242 4242 など、認証の不要なテスト用カードをご利用ください。",
    zh: "此测试卡需要 3-D Secure 验证，但内置测试模式无法显示验证步骤。请使用无需验证的测试卡，例如 4242 4242 4242 4242。",
  },
  card_declined: {
    en: "Your card was declined.",
    ja: "カードが拒否されました。",
    zh: "您的卡被拒绝。",
  },
  insufficient_funds: {
    en: "Your card has insufficient funds.",
    ja: "カードの残高が不足しています。",
    zh: "您的卡余额不足。",
  },
  expired_card: {
    en: "Your card has expired.",
    ja: "カードの有効期限が切れています。",
    zh: "您的卡已过期。",
  },
  incorrect_cvc: {
    en: "Your card's security code is incorrect.",
    ja: "カードのセキュリティコードが正しくありません。",
    zh: "您的卡安全码不正确。",
  },
  processing_error: {
    en: "An error occurred while processing your card. Try again in a little bit.",
    ja: "カードの処理中にエラーが発生しました。しばらくしてから再度お試しください。",
    zh: "处理您的卡时出错，请稍后再试。",
  },
  authentication_failed: {
    en: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    ja: "お支払い方法の認証ができませんでした。別のお支払い方法を選んで、もう一度お試しください。",
    zh: "无法验证您的支付方式。请选择其他支付方式后重试。",
  },
  invalid_payment_method: {
    en: "This card cannot be used. Please enter your card details again.",
    ja: "このカードはご利用いただけません。カード情報をもう一度入力してください。",
    zh: "无法使用此卡，请重新输入卡信息。",
  },
  canceled: {
    en: "This payment was canceled.",
    ja: "このお支払いはキャンセルされました。",
    zh: "此笔支付已取消。",
  },
} satisfies Record<string, Localized<string>>;

export type CardErrorCode = keyof typeof CARD_ERRORS;

export function isCardErrorCode(code: string): code is CardErrorCode {
  return Object.prototype.hasOwnProperty.call(CARD_ERRORS, code);
}

/**
 * The text of a provider's card error in `lang`. English keeps the provider's own message when it
 * sent one (shown "as is"); other languages use our translation of the code when we know it.
 */
export function cardErrorText(code: string, lang: Lang, providerMessage?: string | null): string {
  const known = isCardErrorCode(code) ? CARD_ERRORS[code] : null;
  if (lang === "en" && providerMessage) return providerMessage;
  if (known) return known[lang];
  return providerMessage || CARD_ERRORS.card_declined[lang];
}

/** A payment's stored error: the provider's code, then ": " and its message when it sent one (lib/payments/checkout.server.ts). */
export const encodePaymentError = (code: string, message: string | null) => (message ? `${code}: ${message}` : code);

export function decodePaymentError(value: string | null): { code: string; message: string | null } {
  if (!value) return { code: "card_declined", message: null };
  const at = value.indexOf(": ");
  return at < 0 ? { code: value, message: null } : { code: value.slice(0, at), message: value.slice(at + 2) };
}

/** A payment's stored error as a person reads it in `lang`. */
export function paymentErrorText(value: string, lang: Lang): string {
  const { code, message } = decodePaymentError(value);
  return cardErrorText(code, lang, message);
}
