// What the assistant tells the member when an answer cannot be produced. The codes travel in API
// errors (JSON before streaming) and in the `error` server-sent event; the text is chosen in the
// request's language. Spec §8 wording is kept where it exists ('Request timed out.',
// 'Connection error.', 'No response').
import type { LocalizedText } from "~/lib/http/api-error";

/** 402: also said by the question box itself at 0 credits, without asking (its own export keeps the rest out of the page's bundle). */
export const NO_CREDITS: LocalizedText = {
  en: "You have no credits left. Buy a credit package to ask more questions.",
  ja: "クレジットが残っていません。続けて質問するには、クレジットパッケージをご購入ください。",
  zh: "您的积分已用完。请购买积分套餐后继续提问。",
};

export const AI_ERRORS = {
  /** 401/403/404 from the provider: the key, base URL or model is wrong. The operator gets a log line. */
  ai_misconfigured: {
    en: "The AI assistant is misconfigured on this server. Please try again later; the site operator has been notified.",
    ja: "このサーバーでは AI アシスタントの設定に問題があります。運営者に通知しましたので、時間をおいて再度お試しください。",
    zh: "本服务器上的 AI 助手配置有误，已通知网站运营方。请稍后再试。",
  },
  /** 429 from the provider after the client's retries. */
  ai_busy: {
    en: "The AI assistant is busy right now. Please try again shortly.",
    ja: "AI アシスタントは現在混み合っています。しばらくしてから再度お試しください。",
    zh: "AI 助手当前繁忙，请稍后再试。",
  },
  /** 5xx from the provider after the client's retries. */
  ai_unavailable: {
    en: "The AI service is temporarily unavailable. Please try again shortly.",
    ja: "AI サービスが一時的に利用できません。しばらくしてから再度お試しください。",
    zh: "AI 服务暂时不可用，请稍后再试。",
  },
  ai_timeout: {
    en: "Request timed out.",
    ja: "リクエストがタイムアウトしました。",
    zh: "请求超时。",
  },
  ai_connection: {
    en: "Connection error.",
    ja: "接続エラーが発生しました。",
    zh: "连接错误。",
  },
  ai_no_response: {
    en: "No response",
    ja: "回答がありませんでした",
    zh: "未收到回答",
  },
  ai_error: {
    en: "An error occurred while generating the answer. Please try again.",
    ja: "回答の生成中にエラーが発生しました。もう一度お試しください。",
    zh: "生成回答时出错，请重试。",
  },
  ai_not_configured: {
    en: "The AI assistant is not configured on this server. It can only answer the example questions on this page from its built-in knowledge base.",
    ja: "このサーバーでは AI アシスタントが設定されていません。このページの質問例にのみ、内蔵のナレッジベースからお答えできます。",
    zh: "本服务器未配置 AI 助手，目前只能通过内置知识库回答本页列出的示例问题。",
  },
  no_credits: NO_CREDITS,
  /** 409: the balance is held by a refund of the member's purchase under way (lib/payments/refunds.server.ts). */
  credits_held: {
    en: "Your credits are on hold while a refund of your purchase is processed. Try again in a few minutes.",
    ja: "ご購入分の返金を処理しているため、クレジットを一時的に保留しています。数分後にもう一度お試しください。",
    zh: "正在处理您所购套餐的退款，积分暂时冻结。请几分钟后再试。",
  },
  ai_rate_limited: {
    en: "You are asking questions too quickly. Please wait a minute and try again.",
    ja: "短時間に質問が集中しています。1 分ほど待ってから再度お試しください。",
    zh: "提问过于频繁，请等待一分钟后再试。",
  },
  /** A follow-up to an answer that does not exist or belongs to someone else (404). */
  question_not_found: {
    en: "This question was not found in your history.",
    ja: "この質問はあなたの履歴に見つかりません。",
    zh: "在您的记录中找不到这个问题。",
  },
  /** A follow-up to a question that has no answer (409). */
  parent_not_answered: {
    en: "Only a completed answer can be followed up. Please ask a new question instead.",
    ja: "追加の質問ができるのは、回答が完了した質問だけです。新しい質問としてお尋ねください。",
    zh: "只能对已完成的回答继续追问，请改为提出新问题。",
  },
  /** A follow-up in a thread none of whose replies found anything in the site's material (409): there is no answer to build on. */
  parent_found_nothing: {
    en: "That reply found nothing on this site to build on, so it cannot be followed up. Please ask a new question instead.",
    ja: "この回答では当サイトの資料に該当する内容が見つからなかったため、追加の質問はできません。新しい質問としてお尋ねください。",
    zh: "该回答未在本网站的资料中找到相关内容，因此无法继续追问。请改为提出新问题。",
  },
  /** The thread already holds THREAD_MAX questions (409). */
  thread_full: {
    en: "This conversation has reached its limit of 5 questions. Please start a new question.",
    ja: "この会話は質問数の上限（5 件）に達しました。新しい質問を始めてください。",
    zh: "此对话已达到 5 个问题的上限，请开始一个新问题。",
  },
  /** A credit return (lib/ai/credit-return.server.ts, 409): the answer cost nothing. */
  not_charged: {
    en: "This answer did not cost a credit, so there is nothing to return.",
    ja: "この回答ではクレジットを使用していないため、戻すクレジットはありません。",
    zh: "该回答没有消耗积分，因此无需退还。",
  },
  credit_already_returned: {
    en: "The credit for this answer has already been returned.",
    ja: "この回答のクレジットはすでに残高に戻しています。",
    zh: "该回答的积分已经退还。",
  },
  credit_return_expired: {
    en: "A credit can be returned only within 7 days of the answer. If this answer was wrong, please contact us.",
    ja: "クレジットを残高に戻せるのは回答から 7 日以内です。回答に誤りがあった場合はお問い合わせください。",
    zh: "只能在回答后 7 天内退还积分。如果该回答有误，请联系我们。",
  },
  credit_return_limit: {
    en: "You have returned 10 credits in the last 30 days, the most we allow. If the assistant keeps missing your questions, please contact us.",
    ja: "過去 30 日間に、上限の 10 クレジットをすでに残高に戻しています。アシスタントの回答が質問に合わない状態が続く場合は、お問い合わせください。",
    zh: "您在过去 30 天内已退还 10 个积分，已达上限。如果助手的回答仍不对题，请联系我们。",
  },
} satisfies Record<string, LocalizedText>;

export type AiErrorCode = keyof typeof AI_ERRORS;

/** Failures of a model call, classified; `status` is the provider's HTTP status when there was one. */
export class AiFailure extends Error {
  constructor(
    public readonly code: AiErrorCode,
    public readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(AI_ERRORS[code].en, options);
    this.name = "AiFailure";
  }
}
