// The words on the share images (public/images/share/*.png, drawn by scripts/share-images.ts): a
// short label of the page type and one line that says what the page offers. Changing a text here
// means running `npm run share-images`. Only the labels reach the browser (the images' alt text,
// built in app/page-helpers/seo.ts); the headlines and footer are read by the script alone.
import type { Localized } from "~/lib/i18n/languages";
import type { ShareImageType } from "~/lib/share-images";

/** The page type's label on its image ("Pricing"); the image's alt text is "{siteName} — {label}". */
export const shareImageLabels: Localized<Record<ShareImageType, string>> = {
  en: {
    home: "Tax consultancy",
    about: "About us",
    services: "Services",
    service: "Service",
    portfolio: "Case studies",
    "case-study": "Case study",
    blog: "Insights",
    article: "Insights",
    contact: "Contact",
    pricing: "Pricing",
    legal: "Legal",
  },
  ja: {
    home: "税務コンサルティング",
    about: "会社概要",
    services: "サービス",
    service: "サービス",
    portfolio: "導入事例",
    "case-study": "導入事例",
    blog: "インサイト",
    article: "インサイト",
    contact: "お問い合わせ",
    pricing: "料金",
    legal: "規約・ポリシー",
  },
  zh: {
    home: "税务咨询",
    about: "关于我们",
    services: "服务",
    service: "服务",
    portfolio: "案例",
    "case-study": "案例",
    blog: "洞察",
    article: "洞察",
    contact: "联系我们",
    pricing: "价格",
    legal: "法律条款",
  },
};

/** The headline under the label, and the line at the foot of every image. */
export const shareImageHeadlines: Localized<{ footer: string; types: Record<ShareImageType, string> }> = {
  en: {
    footer: "Tax consultation · Tax technology · Security · Software",
    types: {
      home: "Tax expertise, engineered for your business",
      about: "Tax consultants and engineers in one team",
      services: "Consultation, technology, security and software for tax",
      service: "Expert advice, with an AI assistant that cites its sources",
      portfolio: "Tax projects delivered for businesses across borders",
      "case-study": "The challenge, our approach and the outcome",
      blog: "Practical guidance on tax, compliance and technology",
      article: "Practical guidance from our tax and technology team",
      contact: "Book a consultation with our tax team",
      pricing: "Credits for the AI tax assistant, from $0.40\u00a0each",
      legal: "Terms, privacy and cookies, in plain language",
    },
  },
  ja: {
    footer: "税務相談 · 税務テクノロジー · セキュリティ · ソフトウェア",
    types: {
      home: "税務の専門性を、テクノロジーで貴社の力に",
      about: "税務コンサルタントとエンジニアが一つのチームに",
      services: "税務の相談、テクノロジー、セキュリティ、ソフトウェア",
      service: "専門家の助言と、出典を示す AI アシスタント",
      portfolio: "国境を越える企業の税務プロジェクト",
      "case-study": "課題、アプローチ、そして成果",
      blog: "税務・コンプライアンス・テクノロジーの実務ガイド",
      article: "税務とテクノロジーの専門チームによる実務解説",
      contact: "税務チームへのご相談を予約",
      pricing: "AI 税務アシスタントのクレジット、1\u00a0クレジット\u00a0$0.40 から",
      legal: "利用規約、プライバシー、Cookie をわかりやすく",
    },
  },
  zh: {
    footer: "税务咨询 · 税务科技 · 安全服务 · 软件开发",
    types: {
      home: "专业税务，科技赋能",
      about: "税务顾问与工程师组成的专业团队",
      services: "税务咨询、科技、安全与软件开发",
      service: "专家建议，以及注明出处的 AI 税务助手",
      portfolio: "为跨境企业交付的税务项目",
      "case-study": "挑战、方法与成果",
      blog: "税务、合规与科技的实用指南",
      article: "来自税务与科技团队的实用解读",
      contact: "预约税务团队咨询",
      pricing: "AI 税务助手积分，每积分低至\u00a0$0.40",
      legal: "简明易懂的服务条款、隐私与 Cookie 政策",
    },
  },
};
