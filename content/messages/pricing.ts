// Interface text of /pricing. Package names, prices, credits and what they buy come from
// lib/catalog.ts; the credit terms here must agree with the Terms (tests/pricing-terms.test.ts).
import type { Localized } from "~/lib/i18n/languages";

interface FaqItem {
  /** The item's anchor on /pricing (the same in every language), cited by the assistant. */
  id: string;
  question: string;
  answer: string;
}

const en = {
  seoTitle: "Pricing: Credits for the AI Tax Assistant",
  seoDescription:
    "{siteName} credit packages: Basic $25 for 50 credits, Pro $50 for 100, VIP $100 for 250. One credit is one answer. Credits never expire; tax included.",
  title: "Pricing for the AI tax assistant",
  tagline:
    "Buy credits once and use them whenever a tax question comes up. One credit is one answer from the assistant. Prices are in US dollars and include any applicable tax.",
  startingCredits: "Every new account starts with {count|# free credit|# free credits} to try the assistant, no card needed.",
  credits: "{count|# credit|# credits}",
  perCredit: "{price} per credit",
  oneTime: "one-time payment",
  features: "What your credits buy",
  getStarted: "Buy credits",
  bestValue: "Best value",
  bestValueNote: "Lowest price per credit",
  faqTitle: "Questions about credits",
  faq: [
    {
      id: "faq-follow-ups",
      question: "Do follow-up questions cost credits?",
      answer:
        "Yes, one credit per answer, like any question. You can follow up on an answer up to four times; the assistant keeps the earlier questions and answers of the conversation in mind.",
    },
    {
      id: "faq-expiry",
      question: "Do credits expire?",
      answer:
        "No. Credits never expire and stay on your account until you use them. They are tied to your account and cannot be transferred to anyone else.",
    },
    {
      id: "faq-missed-answer",
      question: "What if an answer does not answer my question?",
      answer:
        "Under every answer that cost a credit, \"Didn't answer your question? Return the credit\" puts the credit back on your balance at once, within 7 days of the answer and up to 10 times in 30 days. A question the assistant finds nothing for costs nothing in the first place.",
    },
    {
      id: "faq-refund",
      question: "Can I get a refund?",
      answer:
        "Yes. You can have a purchase refunded in full within 14 days, as long as your balance still holds all the credits that purchase added. Ask through the contact form. We do not make partial refunds.",
    },
    {
      id: "faq-tax-invoice",
      question: "Is tax included, and can I get an invoice?",
      answer:
        "Prices are in US dollars and include any applicable tax, so the amount shown is the amount you pay. Every purchase is listed in your account. If you need an invoice in your company's name, ask through the contact form.",
    },
    {
      id: "faq-team",
      question: "Can my team share credits?",
      answer:
        "Each account belongs to one person, and credits stay with the account that bought them. If your firm wants credits shared across a team, talk to us and we will propose an arrangement.",
    },
  ] as FaqItem[],
  sales: {
    title: "Buying for a firm?",
    text: "Shared credits for a team, invoicing to your company or a larger volume: tell us what you need.",
    button: "Contact sales",
  },
};

export type PricingMessages = typeof en;

export const pricingMessages: Localized<PricingMessages> = {
  en,
  ja: {
    seoTitle: "料金：AI税務アシスタントのクレジット",
    seoDescription:
      "{siteName}のクレジット料金。ベーシック$25（50クレジット）、プロ$50（100クレジット）、VIP$100（250クレジット）。1クレジットで回答1件。有効期限なし、税込価格です。",
    title: "AI税務アシスタントの料金",
    tagline:
      "クレジットを一度購入すれば、税務の疑問が生じたときにいつでもお使いいただけます。1クレジットでアシスタントの回答1件。価格は米ドル建て・税込です。",
    startingCredits: "新しいアカウントには、アシスタントをお試しいただける{count}クレジットが無料で付与されます（カードの登録は不要です）。",
    credits: "{count}クレジット",
    perCredit: "1クレジットあたり{price}",
    oneTime: "買い切り",
    features: "クレジットでできること",
    getStarted: "購入する",
    bestValue: "最もお得",
    bestValueNote: "1クレジットあたりの価格が最安",
    faqTitle: "クレジットに関するよくあるご質問",
    faq: [
      {
        id: "faq-follow-ups",
        question: "追加の質問にもクレジットは必要ですか？",
        answer:
          "はい。通常の質問と同じく、回答1件につき1クレジットを消費します。1つの回答に対して追加の質問は4回までお送りいただけ、アシスタントはそれまでの質問と回答を踏まえてお答えします。",
      },
      {
        id: "faq-expiry",
        question: "クレジットに有効期限はありますか？",
        answer:
          "いいえ、クレジットに有効期限はありません。使い切るまでアカウントに残ります。クレジットはご購入いただいたアカウントに紐づくため、他の方へ譲渡することはできません。",
      },
      {
        id: "faq-missed-answer",
        question: "回答が質問の答えになっていなかった場合は？",
        answer:
          "クレジットを消費した回答の下にある「質問への回答になっていませんか？クレジットを残高に戻す」を押すと、その場でクレジットが残高に戻ります。回答から7日以内、30日間に10回までご利用いただけます。アシスタントが該当する資料を見つけられなかった質問には、もともとクレジットはかかりません。",
      },
      {
        id: "faq-refund",
        question: "返金はできますか？",
        answer:
          "はい。ご購入から14日以内で、そのご購入で付与されたクレジットがすべて残高に残っている場合は、全額を返金いたします。お問い合わせフォームからご依頼ください。一部のみの返金は承っておりません。",
      },
      {
        id: "faq-tax-invoice",
        question: "価格は税込ですか？請求書は発行できますか？",
        answer:
          "価格は米ドル建てで、適用される税を含んだ税込価格です。表示金額がそのままお支払い金額となります。ご購入履歴はアカウントでご確認いただけます。会社名義の請求書が必要な場合は、お問い合わせフォームからご連絡ください。",
      },
      {
        id: "faq-team",
        question: "チームでクレジットを共有できますか？",
        answer:
          "アカウントはお一人につき一つで、クレジットは購入したアカウントでのみご利用いただけます。事務所や企業のチームでクレジットを共有したい場合は、ご要望をお聞かせください。利用形態に合わせたご提案をいたします。",
      },
    ],
    sales: {
      title: "法人・事務所でのご利用",
      text: "チームでのクレジット共有、会社宛ての請求書、まとまった数量のご購入など、まずはご相談ください。",
      button: "法人向けのお問い合わせ",
    },
  },
  zh: {
    seoTitle: "价格：AI 税务助手积分",
    seoDescription:
      "{siteName}积分套餐：基础版 $25 含 50 积分，专业版 $50 含 100 积分，VIP $100 含 250 积分。1 积分即 1 次解答，积分永不过期，价格已含税。",
    title: "AI 税务助手价格",
    tagline: "积分一次购买，遇到税务问题随时使用。1 积分即可获得助手的 1 次解答。价格以美元计，已包含所有适用税费。",
    startingCredits: "每个新账户可获得 {count} 个免费积分试用助手，无需绑定银行卡。",
    credits: "{count} 积分",
    perCredit: "每积分 {price}",
    oneTime: "一次性付款",
    features: "积分可以用来",
    getStarted: "立即购买",
    bestValue: "最划算",
    bestValueNote: "每积分单价最低",
    faqTitle: "积分常见问题",
    faq: [
      {
        id: "faq-follow-ups",
        question: "继续追问也需要积分吗？",
        answer: "需要。与普通提问一样，每条回答消耗 1 个积分。每个回答最多可以继续追问 4 次，助手会结合此前的问题和回答作答。",
      },
      {
        id: "faq-expiry",
        question: "积分会过期吗？",
        answer: "不会。积分永不过期，在用完之前会一直保留在您的账户中。积分仅限购买账户使用，不能转让给他人。",
      },
      {
        id: "faq-missed-answer",
        question: "如果回答没有解答我的问题怎么办？",
        answer:
          "在每个消耗了积分的回答下方，点击“没有回答您的问题？退还积分”，积分会立即退回您的余额。回答后 7 天内可退还，30 天内最多 10 次。助手未找到相关资料的问题本来就不消耗积分。",
      },
      {
        id: "faq-refund",
        question: "可以退款吗？",
        answer:
          "可以。购买后 14 天内，只要该笔购买所得的积分仍全部留在余额中，即可申请全额退款，请通过联系表单提出。我们不提供部分退款。",
      },
      {
        id: "faq-tax-invoice",
        question: "价格含税吗？可以开具发票吗？",
        answer:
          "价格以美元计，已包含所有适用税费，页面显示的金额即为实付金额。每笔购买记录都可在账户中查看。如需以公司名义开具发票，请通过联系表单告知我们。",
      },
      {
        id: "faq-team",
        question: "团队可以共用积分吗？",
        answer: "每个账户仅限一人使用，积分只能在购买账户中使用。如果贵公司希望团队共用积分，欢迎联系我们，我们会根据您的需求提供方案。",
      },
    ],
    sales: {
      title: "为公司或事务所购买？",
      text: "团队共用积分、以公司名义开票或大批量采购，欢迎告诉我们您的需求。",
      button: "联系销售",
    },
  },
};
