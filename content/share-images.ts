// The words on the share images (public/images/share/*.png, drawn by scripts/share-images.ts): a
// short label of the page type and one line that says what the page offers. Changing a text here
// means running `npm run share-images`. The labels are the menus' words (the page's language arrives
// with the root loader's data, so the images' alt text costs the browser no extra JavaScript); the
// headlines are read by the script alone.
import type { Localized } from "~/lib/i18n/languages";
import type { ShareImageType } from "~/lib/share-images";
import type { CommonMessages } from "./messages/common";

/** The page type's label: the same words as the site's menus (one name per thing). */
export function shareImageLabel({ nav, footer }: Pick<CommonMessages, "nav" | "footer">, type: ShareImageType): string {
  switch (type) {
    case "home":
      return nav.home;
    case "about":
      return nav.about;
    case "services":
    case "service":
      return nav.services;
    case "portfolio":
    case "case-study":
      return nav.portfolio;
    case "blog":
    case "article":
      return nav.blog;
    case "contact":
      return nav.contact;
    case "pricing":
      return nav.pricing;
    case "legal":
      return footer.legal;
  }
}

/** The home image's label (the firm's trade, not "Home"), the headline under each label, and the line at the foot of every image. */
export const shareImageHeadlines: Localized<{ homeLabel: string; footer: string; types: Record<ShareImageType, string> }> = {
  en: {
    homeLabel: "Tax consultancy",
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
    homeLabel: "税務コンサルティング",
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
    homeLabel: "税务咨询",
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
