// The words on the share images (public/images/share/*.png, drawn by scripts/share-images.ts): a
// short label of the page type and one line that says what the page offers. The same line is the
// image's alt text (og:image:alt). Changing a text here means running `npm run share-images`.
import type { Localized } from "~/lib/i18n/languages";
import type { ShareImageType } from "~/lib/share-images";

export interface ShareImageText {
  label: string;
  headline: string;
}

export interface ShareImageContent {
  /** The line under every image's headline. */
  footer: string;
  types: Record<ShareImageType, ShareImageText>;
}

export const shareImages: Localized<ShareImageContent> = {
  en: {
    footer: "Tax consultation · Tax technology · Security · Software",
    types: {
      home: { label: "Tax consultancy", headline: "Tax expertise, engineered for your business" },
      about: { label: "About us", headline: "Tax consultants and engineers in one team" },
      services: { label: "Services", headline: "Consultation, technology, security and software for tax" },
      service: { label: "Service", headline: "Expert advice, with an AI assistant that cites its sources" },
      portfolio: { label: "Case studies", headline: "Tax projects delivered for businesses across borders" },
      "case-study": { label: "Case study", headline: "The challenge, our approach and the outcome" },
      blog: { label: "Insights", headline: "Practical guidance on tax, compliance and technology" },
      article: { label: "Insights", headline: "Practical guidance from our tax and technology team" },
      contact: { label: "Contact", headline: "Book a consultation with our tax team" },
      pricing: { label: "Pricing", headline: "Credits for the AI tax assistant, from $0.40\u00a0each" },
      legal: { label: "Legal", headline: "Terms, privacy and cookies, in plain language" },
    },
  },
  ja: {
    footer: "税務相談 · 税務テクノロジー · セキュリティ · ソフトウェア",
    types: {
      home: { label: "税務コンサルティング", headline: "税務の専門性を、テクノロジーで貴社の力に" },
      about: { label: "会社概要", headline: "税務コンサルタントとエンジニアが一つのチームに" },
      services: { label: "サービス", headline: "税務の相談、テクノロジー、セキュリティ、ソフトウェア" },
      service: { label: "サービス", headline: "専門家の助言と、出典を示す AI アシスタント" },
      portfolio: { label: "導入事例", headline: "国境を越える企業の税務プロジェクト" },
      "case-study": { label: "導入事例", headline: "課題、アプローチ、そして成果" },
      blog: { label: "インサイト", headline: "税務・コンプライアンス・テクノロジーの実務ガイド" },
      article: { label: "インサイト", headline: "税務とテクノロジーの専門チームによる実務解説" },
      contact: { label: "お問い合わせ", headline: "税務チームへのご相談を予約" },
      pricing: { label: "料金", headline: "AI 税務アシスタントのクレジット、1\u00a0クレジット\u00a0$0.40 から" },
      legal: { label: "規約・ポリシー", headline: "利用規約、プライバシー、Cookie をわかりやすく" },
    },
  },
  zh: {
    footer: "税务咨询 · 税务科技 · 安全服务 · 软件开发",
    types: {
      home: { label: "税务咨询", headline: "专业税务，科技赋能" },
      about: { label: "关于我们", headline: "税务顾问与工程师组成的专业团队" },
      services: { label: "服务", headline: "税务咨询、科技、安全与软件开发" },
      service: { label: "服务", headline: "专家建议，以及注明出处的 AI 税务助手" },
      portfolio: { label: "案例", headline: "为跨境企业交付的税务项目" },
      "case-study": { label: "案例", headline: "挑战、方法与成果" },
      blog: { label: "洞察", headline: "税务、合规与科技的实用指南" },
      article: { label: "洞察", headline: "来自税务与科技团队的实用解读" },
      contact: { label: "联系我们", headline: "预约税务团队咨询" },
      pricing: { label: "价格", headline: "AI 税务助手积分，每积分低至\u00a0$0.40" },
      legal: { label: "法律条款", headline: "简明易懂的服务条款、隐私与 Cookie 政策" },
    },
  },
};
