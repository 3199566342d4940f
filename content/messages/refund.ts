// Interface text of the administrator's refund control on /admin/users/:id.
import type { Localized } from "~/lib/i18n/languages";

const en = {
  title: "Refunds",
  intro: "A purchase can be refunded in full within 14 days while the member still has all of its credits. The credits are removed and the member is told by e-mail.",
  loading: "Loading purchases...",
  error: "The purchases could not be loaded.",
  empty: "No completed purchases.",
  balance: "Current balance: {count|# credit|# credits}",
  purchase: "{number} · {package} · {amount} · {credits|# credit|# credits} · {date}",
  refund: "Refund {amount}",
  refundLabel: "Refund {amount} for {number}",
  confirm: "Refund {amount} to the member and remove {credits|# credit|# credits}? This cannot be undone.",
  refunding: "Refunding...",
  blocked: {
    already_refunded: "Refunded",
    refund_window_passed: "More than 14 days old",
    insufficient_credits: "Credits already used",
  },
  refundFailed: "The card's bank returned this refund on {date} ({reason}). The money is back in the Stripe balance and still owed to the member, who has been told by e-mail: repay them another way.",
  markRepaid: "Mark as repaid another way",
  markRepaidConfirm: "Record that the member has been repaid {amount} another way (a bank transfer, for example)? This cannot be undone.",
  repaidNote: "The card's bank returned this refund on {date}; it was repaid another way on {repaidDate}.",
  failureReasons: {
    expired_or_canceled_card: "card expired or cancelled",
    lost_or_stolen_card: "card reported lost or stolen",
    other: "declined by the bank",
  },
};

export type RefundMessages = typeof en;

export const refund: Localized<RefundMessages> = {
  en,
  ja: {
    title: "返金",
    intro: "購入から 14 日以内で、会員がその購入分のクレジットをすべて保有している場合に限り、全額返金できます。クレジットは差し引かれ、会員にはメールでお知らせします。",
    loading: "購入履歴を読み込んでいます...",
    error: "購入履歴を読み込めませんでした。",
    empty: "完了した購入はありません。",
    balance: "現在の残高：{count} クレジット",
    purchase: "{number}・{package}・{amount}・{credits} クレジット・{date}",
    refund: "{amount} を返金",
    refundLabel: "{number} の {amount} を返金",
    confirm: "会員に {amount} を返金し、{credits} クレジットを差し引きますか？この操作は取り消せません。",
    refunding: "返金しています...",
    blocked: {
      already_refunded: "返金済み",
      refund_window_passed: "14 日を経過",
      insufficient_credits: "クレジット使用済み",
    },
    refundFailed: "{date} にカード会社からこの返金が差し戻されました（{reason}）。返金額は Stripe の残高に戻っており、会員への支払いが残っています。会員にはメールでお知らせ済みです。別の方法で返金してください。",
    markRepaid: "別の方法で返金済みとして記録",
    markRepaidConfirm: "会員に {amount} を別の方法（銀行振込など）で返金済みとして記録しますか？この操作は取り消せません。",
    repaidNote: "{date} にカード会社からこの返金が差し戻され、{repaidDate} に別の方法で返金しました。",
    failureReasons: {
      expired_or_canceled_card: "カードの有効期限切れまたは解約",
      lost_or_stolen_card: "カードの紛失・盗難届",
      other: "カード会社が拒否",
    },
  },
  zh: {
    title: "退款",
    intro: "购买后 14 天内，且会员仍持有该笔购买的全部积分时，可全额退款。积分将被扣除，并通过邮件通知会员。",
    loading: "正在加载购买记录...",
    error: "无法加载购买记录。",
    empty: "没有已完成的购买。",
    balance: "当前余额：{count} 积分",
    purchase: "{number} · {package} · {amount} · {credits} 积分 · {date}",
    refund: "退款 {amount}",
    refundLabel: "为 {number} 退款 {amount}",
    confirm: "确定向会员退款 {amount} 并扣除 {credits} 积分吗？此操作无法撤销。",
    refunding: "正在退款...",
    blocked: {
      already_refunded: "已退款",
      refund_window_passed: "已超过 14 天",
      insufficient_credits: "积分已使用",
    },
    refundFailed: "发卡银行已于 {date} 退回此笔退款（{reason}）。款项已回到 Stripe 余额，仍需退还给会员；已通过邮件通知会员。请通过其他方式向会员退款。",
    markRepaid: "标记为已通过其他方式退款",
    markRepaidConfirm: "确定记录已通过其他方式（例如银行转账）向会员退还 {amount} 吗？此操作无法撤销。",
    repaidNote: "发卡银行已于 {date} 退回此笔退款；已于 {repaidDate} 通过其他方式退款。",
    failureReasons: {
      expired_or_canceled_card: "银行卡已过期或注销",
      lost_or_stolen_card: "银行卡已挂失或被盗",
      other: "被银行拒绝",
    },
  },
};
