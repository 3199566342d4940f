// The short welcome a new member sees on /explore right after signing up (app/components/welcome-panel.tsx).
import type { Localized } from "~/lib/i18n/languages";

const en = {
  title: "Welcome to {siteName}",
  credits: "Your account starts with {count} free credits. Each answer from the AI tax assistant costs 1 credit.",
  ask: "To ask a question, choose one of the four assistants below; each works on its own service page.",
  buy: "When you need more credits, buy a package on the pricing page. Credits never expire.",
  pricing: "See the credit packages",
  dismiss: "Close the welcome",
};

export const welcome: Localized<typeof en> = {
  en,
  ja: {
    title: "{siteName}へようこそ",
    credits: "新しいアカウントには無料の {count} クレジットが付与されています。AI 税務アシスタントの回答 1 件につき 1 クレジットを消費します。",
    ask: "質問するには、下の 4 つのアシスタントから 1 つをお選びください。各サービスページでご利用いただけます。",
    buy: "クレジットが足りなくなったら、料金ページでパッケージをご購入いただけます。クレジットに有効期限はありません。",
    pricing: "クレジットパッケージを見る",
    dismiss: "ようこそメッセージを閉じる",
  },
  zh: {
    title: "欢迎使用{siteName}",
    credits: "您的新账户已获得 {count} 个免费积分。AI 税务助手每条回答消耗 1 个积分。",
    ask: "如需提问，请在下方四个助手中选择一个，每个助手都在对应的服务页面上。",
    buy: "积分不足时，可在价格页面购买积分套餐。积分永不过期。",
    pricing: "查看积分套餐",
    dismiss: "关闭欢迎信息",
  },
};
