// What receipts and refunds say: the receipt and refund e-mails and the refund API's refusals.
import type { LocalizedText } from "~/lib/http/api-error";

export const REFUND_ERRORS = {
  notFound: { en: "Purchase not found.", ja: "購入が見つかりません。", zh: "未找到该笔购买。" },
  alreadyRefunded: {
    en: "This purchase has already been refunded; nothing was changed.",
    ja: "この購入はすでに返金済みです。変更は行っていません。",
    zh: "该笔购买已退款，未做任何更改。",
  },
  notRefundable: {
    en: "Only a completed purchase of an existing account can be refunded.",
    ja: "返金できるのは、既存アカウントの完了した購入のみです。",
    zh: "只有现有账户已完成的购买才能退款。",
  },
  testModePurchase: {
    en: "This purchase was made in test mode, so no money was taken and there is nothing to give back through Stripe; nothing was changed.",
    ja: "この購入はテストモードで行われたため代金は支払われておらず、Stripe で返金するものはありません。変更は行っていません。",
    zh: "此笔购买是在测试模式下完成的，并未收取任何款项，无需通过 Stripe 退款，未做任何更改。",
  },
  stripeNotConfigured: {
    en: "This purchase was paid through Stripe, which this server is not configured for (its keys are not set); nothing was changed.",
    ja: "この購入は Stripe で支払われましたが、このサーバーには Stripe が設定されていません（キーが未設定です）。変更は行っていません。",
    zh: "此笔购买通过 Stripe 支付，但本服务器未配置 Stripe（未设置密钥），未做任何更改。",
  },
  windowPassed: {
    en: "This purchase is more than {days|# day|# days} old, so it can no longer be refunded.",
    ja: "購入から {days} 日を過ぎているため、返金できません。",
    zh: "该笔购买已超过 {days} 天，无法再退款。",
  },
  notReturned: {
    en: "Only a refund the card's bank returned can be marked as repaid another way; nothing was changed.",
    ja: "別の方法での返金済みとして記録できるのは、カード会社から差し戻された返金だけです。変更は行っていません。",
    zh: "只有被发卡银行退回的退款才能标记为已通过其他方式退款，未做任何更改。",
  },
  alreadyRepaid: {
    en: "This refund has already been marked as repaid; nothing was changed.",
    ja: "この返金はすでに返金済みとして記録されています。変更は行っていません。",
    zh: "该笔退款已标记为已退款，未做任何更改。",
  },
  inProgress: {
    en: "A refund of this purchase is already under way; wait a moment and reload the page.",
    ja: "この購入の返金はすでに処理中です。しばらくしてからページを再読み込みしてください。",
    zh: "该笔购买的退款正在处理中，请稍候并重新加载页面。",
  },
  answerInProgress: {
    en: "The member's assistant is writing an answer that may use a credit of this purchase; wait a few minutes and try again.",
    ja: "会員の AI アシスタントが回答を作成中で、この購入のクレジットを使う可能性があります。数分待ってから、もう一度お試しください。",
    zh: "该会员的 AI 助手正在生成回答，可能会用到此笔购买的积分；请等待几分钟后再试。",
  },
  insufficientCredits: {
    en: "The member has {balance|# credit|# credits} left but this purchase added {credits}; a purchase is refunded only in full while its credits are unused.",
    ja: "会員の残高は {balance} クレジットですが、この購入で {credits} クレジットが追加されています。返金は、購入したクレジットが残っている場合に全額でのみ行えます。",
    zh: "该会员剩余 {balance} 积分，而此笔购买增加了 {credits} 积分；只有在所购积分尚未使用时才能全额退款。",
  },
  failed: {
    en: "The payment provider refused the refund (reason code: {reason}); nothing was changed. You can try again.",
    ja: "決済サービスが返金を受け付けませんでした（理由コード：{reason}）。変更は行っていません。もう一度お試しいただけます。",
    zh: "支付服务拒绝了退款（原因代码：{reason}），未做任何更改。您可以重试。",
  },
  /** A refusal whose reason the page words (REFUND_REFUSALS); `failed` says the provider's code otherwise. */
  failedBecause: {
    en: "The payment provider refused the refund: {why}. Nothing was changed.",
    ja: "決済サービスが返金を受け付けませんでした：{why}。変更は行っていません。",
    zh: "支付服务拒绝了退款：{why}。未做任何更改。",
  },
  providerUnavailable: {
    en: "The payment service did not answer, so it is not known whether the refund went through; the purchase's credits stay held. Try again in two minutes: the same refund is asked for again and is never made twice.",
    ja: "決済サービスから応答がなかったため、返金が行われたかどうか分かりません。この購入のクレジットは確保したままです。2 分ほどしてから再度お試しください。同じ返金として依頼し直すため、二重に返金されることはありません。",
    zh: "支付服务没有响应，因此无法确定退款是否已完成；此笔购买的积分仍被保留。请两分钟后重试：将再次请求同一笔退款，不会重复退款。",
  },
} satisfies Record<string, LocalizedText>;

export const REFUND_TEXT = {
  refunded: {
    en: "Refunded {amount}; {credits|# credit was|# credits were} removed.",
    ja: "{amount} を返金し、{credits} クレジットを差し引きました。",
    zh: "已退款 {amount}，并扣除 {credits} 积分。",
  },
  /** A test-mode purchase moved no money, so its refund moves none either. */
  refundedTestMode: {
    en: "Refunded {amount} in test mode (no money was charged, so none is returned); {credits|# credit was|# credits were} removed.",
    ja: "テストモードのご購入 {amount} を返金済みにし、{credits} クレジットを差し引きました（テストモードのため、実際の請求・返金は発生していません）。",
    zh: "已将测试模式下的购买 {amount} 标记为已退款，并扣除 {credits} 积分（测试模式未实际扣款，也不会退回款项）。",
  },
  repaid: {
    en: "Recorded: the returned refund of {amount} was repaid another way.",
    ja: "記録しました：差し戻された {amount} の返金は別の方法で返金済みです。",
    zh: "已记录：被退回的 {amount} 退款已通过其他方式退还。",
  },
} satisfies Record<string, LocalizedText>;

export const RECEIPT_ERRORS = {
  notFound: { en: "Receipt not found.", ja: "領収書が見つかりません。", zh: "未找到该收据。" },
} satisfies Record<string, LocalizedText>;

/** Lines of the receipt (page and e-mail). */
export const RECEIPT_LINES = {
  title: { en: "Receipt", ja: "領収書", zh: "收据" },
  number: { en: "Receipt number", ja: "領収書番号", zh: "收据编号" },
  date: { en: "Date", ja: "日付", zh: "日期" },
  package: { en: "Package", ja: "パッケージ", zh: "套餐" },
  credits: { en: "Credits", ja: "クレジット", zh: "积分" },
  amount: { en: "Amount", ja: "金額", zh: "金额" },
  taxIncluded: { en: "tax included", ja: "税込", zh: "含税" },
  card: { en: "Card", ja: "カード", zh: "银行卡" },
  cardEnding: { en: "ending in {last4}", ja: "末尾 {last4}", zh: "尾号 {last4}" },
  testMode: {
    en: "Test mode: no money was charged.",
    ja: "テストモード：実際の請求は発生していません。",
    zh: "测试模式：未实际扣款。",
  },
  refunded: { en: "Refunded on {date}", ja: "{date} に返金済み", zh: "已于 {date} 退款" },
  refundRepaid: {
    en: "Repaid another way on {date}.",
    ja: "{date} に別の方法で返金しました。",
    zh: "已于 {date} 通过其他方式退款。",
  },
  refundFailed: {
    en: "On {date} the card's bank returned the refund; we will repay you another way.",
    ja: "{date} にカード会社から返金が差し戻されました。別の方法でご返金いたします。",
    zh: "发卡银行已于 {date} 退回该笔退款，我们将通过其他方式向您退款。",
  },
  reference: { en: "Reference", ja: "お支払い番号", zh: "交易编号" },
  billedTo: { en: "Billed to", ja: "お客様", zh: "付款人" },
  // The seller's number as each country's invoices label it: 登録番号 on a Japanese qualified
  // invoice; 纳税人识别号 on a Chinese 发票's seller block (税务登记号 went with the 2015 merger of
  // the tax registration certificate into the business licence).
  taxId: { en: "Tax registration number", ja: "登録番号", zh: "纳税人识别号" },
} satisfies Record<string, LocalizedText>;

export const RECEIPT_MAIL = {
  subject: {
    en: "Your {siteName} receipt {number}",
    ja: "{siteName} 領収書 {number}",
    zh: "您的 {siteName} 收据 {number}",
  },
  intro: {
    en: "Hello {name},\n\nThank you for your purchase. Your receipt:",
    ja: "{name} 様\n\nご購入ありがとうございます。領収書をお送りします。",
    zh: "{name}，您好：\n\n感谢您的购买。以下是您的收据：",
  },
  outro: {
    en: "You can view and print it at any time:\n{link}\n\n{siteName}",
    ja: "次のページでいつでも表示・印刷できます。\n{link}\n\n{siteName}",
    zh: "您可以随时在以下页面查看和打印：\n{link}\n\n{siteName}",
  },
} satisfies Record<string, LocalizedText>;

export const REFUND_MAIL = {
  subject: {
    en: "Your {siteName} purchase {number} has been refunded",
    ja: "{siteName} ご購入 {number} の返金について",
    zh: "您的 {siteName} 购买 {number} 已退款",
  },
  text: {
    en: "Hello {name},\n\nWe have refunded your purchase {number} ({package}, {amount}, tax included) in full. {credits|# credit has|# credits have} been removed from your balance, which is now {balance|# credit|# credits}. Depending on your bank, the money appears on your card within 5 to 10 business days.\n\nReceipt: {link}\n\n{siteName}",
    ja: "{name} 様\n\nご購入 {number}（{package}、{amount}、税込）を全額返金いたしました。残高から {credits} クレジットを差し引き、現在の残高は {balance} クレジットです。カードへの返金の反映には、カード会社により 5〜10 営業日ほどかかります。\n\n領収書：{link}\n\n{siteName}",
    zh: "{name}，您好：\n\n我们已全额退还您的购买 {number}（{package}，{amount}，含税）。已从您的余额中扣除 {credits} 积分，当前余额为 {balance} 积分。根据发卡银行不同，款项将在 5 至 10 个工作日内退回您的银行卡。\n\n收据：{link}\n\n{siteName}",
  },
  /** The same for a purchase made in the built-in test mode: no money was charged, so none comes back. */
  testModeText: {
    en: "Hello {name},\n\nWe have refunded your purchase {number} ({package}, {amount}). It was made in test mode, so no money was charged and none will appear on your card. {credits|# credit has|# credits have} been removed from your balance, which is now {balance|# credit|# credits}.\n\nReceipt: {link}\n\n{siteName}",
    ja: "{name} 様\n\nご購入 {number}（{package}、{amount}）を返金いたしました。このご購入はテストモードで行われたため、実際の請求は発生しておらず、カードへの返金もありません。残高から {credits} クレジットを差し引き、現在の残高は {balance} クレジットです。\n\n領収書：{link}\n\n{siteName}",
    zh: "{name}，您好：\n\n我们已为您的购买 {number}（{package}，{amount}）办理退款。该笔购买是在测试模式下完成的，并未实际扣款，因此也不会有款项退回您的银行卡。已从您的余额中扣除 {credits} 积分，当前余额为 {balance} 积分。\n\n收据：{link}\n\n{siteName}",
  },
} satisfies Record<string, LocalizedText>;

/** Why the card's bank returned a refund (Stripe's failure_reason), in the member's words; `other` for any reason not listed. */
export const REFUND_FAILURE_TEXT = {
  expired_or_canceled_card: {
    en: "the card has expired or been cancelled",
    ja: "カードの有効期限が切れているか、カードが解約されています",
    zh: "该银行卡已过期或已注销",
  },
  lost_or_stolen_card: {
    en: "the card was reported lost or stolen",
    ja: "カードが紛失または盗難の届け出をされています",
    zh: "该银行卡已挂失或被报告被盗",
  },
  other: {
    en: "the card's bank did not accept it",
    ja: "カード会社が返金を受け付けませんでした",
    zh: "发卡银行未接受该笔退款",
  },
} satisfies Record<string, LocalizedText>;

/** The member's e-mail when the card's bank returns a refund that had gone through (refunds.server.ts). */
export const REFUND_FAILED_MAIL = {
  subject: {
    en: "Your {siteName} refund for {number} could not be completed",
    ja: "{siteName} ご購入 {number} の返金を完了できませんでした",
    zh: "您的 {siteName} 购买 {number} 的退款未能完成",
  },
  text: {
    en: "Hello {name},\n\nThe refund of your purchase {number} ({amount}) came back to us: {reason}. The money has not reached you and we still owe it to you. Please reply to this e-mail or write to us through {contact} with another way to repay you (another card or a bank account), and we will send it.\n\nReceipt: {link}\n\n{siteName}",
    ja: "{name} 様\n\nご購入 {number}（{amount}）の返金が当社に差し戻されました（{reason}）。返金はまだお客様に届いておらず、引き続き当社がお支払いすべきものです。このメールにご返信いただくか、{contact} までご連絡のうえ、別のお受け取り方法（別のカードまたは銀行口座）をお知らせください。改めてご返金いたします。\n\n領収書：{link}\n\n{siteName}",
    zh: "{name}，您好：\n\n您的购买 {number}（{amount}）的退款被退回给我们：{reason}。该款项尚未到达您的账户，我们仍欠您这笔款项。请回复此邮件或通过 {contact} 与我们联系，告知其他收款方式（另一张银行卡或银行账户），我们将重新退款。\n\n收据：{link}\n\n{siteName}",
  },
} satisfies Record<string, LocalizedText>;

/**
 * Why the provider refused a refund, for the reasons an administrator can act on (Stripe's error codes
 * and refund failure reasons); any other reason is shown as its code (REFUND_ERRORS.failed).
 */
const CARD_CLOSED = {
  en: "the card it was paid with can no longer receive refunds (expired, cancelled, lost or stolen); ask the member how to repay them",
  ja: "支払いに使われたカードは返金を受け取れなくなっています（有効期限切れ、解約、紛失または盗難）。会員に返金の受け取り方法を確認してください",
  zh: "付款所用的银行卡已无法接收退款（已过期、已注销、挂失或被盗）；请询问会员希望以何种方式退款",
} satisfies LocalizedText;
const DISPUTED = {
  en: "the member has disputed this payment with their bank; it is settled through the dispute in the provider's dashboard, not by a refund",
  ja: "会員がこの支払いについてカード会社に異議を申し立てています。返金ではなく、決済サービスのダッシュボードで異議申し立てとして処理されます",
  zh: "会员已就此笔付款向银行提出争议；应在支付服务的控制台中通过争议处理，而不是退款",
} satisfies LocalizedText;
const LOW_BALANCE = {
  en: "the firm's balance with the provider is too low to pay it; add funds in the provider's dashboard, then try again",
  ja: "決済サービス上の当社残高が不足しています。決済サービスのダッシュボードで残高を追加してから、もう一度お試しください",
  zh: "本公司在支付服务中的余额不足以支付退款；请在支付服务的控制台中充值后重试",
} satisfies LocalizedText;
export const REFUND_REFUSALS: Record<string, LocalizedText> = {
  expired_or_canceled_card: CARD_CLOSED,
  lost_or_stolen_card: CARD_CLOSED,
  charge_disputed: DISPUTED,
  refund_disputed_payment: DISPUTED,
  charge_for_pending_refund_disputed: DISPUTED,
  balance_insufficient: LOW_BALANCE,
  insufficient_funds: LOW_BALANCE,
  charge_already_refunded: {
    en: "it was already refunded in the provider's dashboard; it shows here as refunded once the provider's notice arrives (reload in a minute)",
    ja: "決済サービスのダッシュボードですでに返金されています。決済サービスからの通知が届くと、ここにも返金済みと表示されます（1 分ほどして再読み込みしてください）",
    zh: "该笔付款已在支付服务的控制台中退款；收到支付服务的通知后，这里会显示为已退款（请一分钟后重新加载）",
  },
};
