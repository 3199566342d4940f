// Interface text of the contact form beyond the authored labels in content/contact.ts.
import type { Localized } from "~/lib/i18n/languages";

const en = {
  optional: "(optional)",
  honeypot: "Leave this field empty",
  fixErrors: "Please correct the highlighted fields and try again.",
  contactDetails: "Contact details",
  /** Filled in when a receipt's "Request a refund" led here (`?refund=R-000042`). */
  refundSubject: "Refund request: {number}",
  refundMessage: "I would like a refund of my purchase {number}.",
  /** Under the success text when the server mailed a signed-in member an acknowledgement. */
  copySent: "A confirmation has been sent to {email}.",
  /** A signed-in member's message (sent through the API) that got no answer. */
  failed: "Your message could not be sent. Check your connection and try again.",
};

export type ContactMessages = typeof en;

export const contactMessages: Localized<ContactMessages> = {
  en,
  ja: {
    optional: "（任意）",
    honeypot: "この項目には何も入力しないでください",
    fixErrors: "入力内容に誤りがあります。該当する項目を修正して、もう一度送信してください。",
    contactDetails: "連絡先",
    refundSubject: "返金のご依頼：{number}",
    refundMessage: "ご購入 {number} の返金をお願いします。",
    copySent: "{email} 宛てに受付確認メールをお送りしました。",
    failed: "メッセージを送信できませんでした。接続状況をご確認のうえ、もう一度お試しください。",
  },
  zh: {
    optional: "（选填）",
    honeypot: "请勿填写此项",
    fixErrors: "部分内容填写有误，请修改标出的字段后重新提交。",
    contactDetails: "联系方式",
    refundSubject: "退款申请：{number}",
    refundMessage: "我希望为购买 {number} 申请退款。",
    copySent: "已向 {email} 发送确认邮件。",
    failed: "留言未能发送。请检查网络连接后重试。",
  },
};
