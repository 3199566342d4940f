// Interface text of /pricing. Package names, prices, credits and features come from lib/catalog.ts.
import type { Localized } from "../../../lib/i18n/languages";

const en = {
  seoTitle: "Pricing: Credit Packages",
  seoDescription:
    "Choose a {siteName} credit package: Basic $25 for 50 credits, Pro $50 for 100 credits or VIP $100 for 250 credits. One credit buys one AI tax answer.",
  pricingNav: "Pricing navigation",
  title: "Choose Your Package",
  tagline: "Packages for every tech enthusiast: pick the plan that fits how you explore, learn and connect.",
  credits: "{count} credits",
  oneTime: "one-time payment",
  features: "Included",
  getStarted: "Get Started",
  popular: "Most popular",
  creditNote: "One credit pays for one answer from the AI tax assistant. Credits do not expire.",
};

export type PricingMessages = typeof en;

export const pricingMessages: Localized<PricingMessages> = {
  en,
  ja: {
    seoTitle: "料金プラン：クレジットパッケージ",
    seoDescription:
      "{siteName}のクレジットパッケージをお選びください。ベーシック（$25・50クレジット）、プロ（$50・100クレジット）、VIP（$100・250クレジット）をご用意しています。1クレジットでAI税務アシスタントの回答を1件受け取れます。",
    pricingNav: "料金ページのナビゲーション",
    title: "パッケージを選ぶ",
    tagline: "すべてのテック愛好家のためのパッケージ。学び方や交流のスタイルに合わせて、最適なプランをお選びください。",
    credits: "{count} クレジット",
    oneTime: "お支払いは1回のみ",
    features: "含まれる内容",
    getStarted: "今すぐ始める",
    popular: "人気No.1",
    creditNote: "1クレジットで、AI税務アシスタントから1件の回答を受け取れます。クレジットに有効期限はありません。",
  },
  zh: {
    seoTitle: "价格：积分套餐",
    seoDescription:
      "选择适合您的{siteName}积分套餐：基础版 $25 含 50 积分，专业版 $50 含 100 积分，VIP $100 含 250 积分。每个积分可获取一次 AI 税务解答。",
    pricingNav: "价格页导航",
    title: "选择您的套餐",
    tagline: "为每一位科技爱好者准备的套餐：根据您探索、学习和交流的方式，选择最合适的方案。",
    credits: "{count} 积分",
    oneTime: "一次性付款",
    features: "套餐内容",
    getStarted: "立即开始",
    popular: "最受欢迎",
    creditNote: "每个积分可向 AI 税务助手提问一次并获得解答。积分长期有效。",
  },
};
