// The one package catalog: the public pricing page, the checkout (server-side prices) and the admin
// pricing page all read it. Prices in integer cents (USD), credits as integers.
import type { Localized } from "./i18n/languages";

export const PACKAGE_IDS = ["basic", "pro", "enterprise"] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export interface CreditPackage {
  id: PackageId;
  /** Display name per language ("VIP" for enterprise). */
  name: Localized<string>;
  priceCents: number;
  currency: "usd";
  credits: number;
  /** Path of the checkout page. */
  url: `pricing/${PackageId}`;
  features: Localized<string[]>;
  description: Localized<string>;
}

export const PACKAGES: readonly CreditPackage[] = [
  {
    id: "basic",
    name: { en: "Basic", ja: "ベーシック", zh: "基础版" },
    priceCents: 2500,
    currency: "usd",
    credits: 50,
    url: "pricing/basic",
    features: {
      en: ["Standard tech submissions", "Basic technical access"],
      ja: ["標準テクニカル投稿", "基本的な技術アクセス"],
      zh: ["标准技术提交", "基础技术访问"],
    },
    description: {
      en: "50 credits for the AI tax assistant: enough to explore every service area.",
      ja: "AI 税務アシスタント用の 50 クレジット。すべてのサービス分野を試すのに十分です。",
      zh: "AI 税务助手 50 积分，足以体验所有服务领域。",
    },
  },
  {
    id: "pro",
    name: { en: "Pro", ja: "プロ", zh: "专业版" },
    priceCents: 5000,
    currency: "usd",
    credits: 100,
    url: "pricing/pro",
    features: {
      en: ["Premium tech submissions", "Extended technical access", "Networking events"],
      ja: ["プレミアムテクニカル投稿", "拡張技術アクセス", "ネットワーキングイベント"],
      zh: ["高级技术提交", "扩展技术访问", "交流活动"],
    },
    description: {
      en: "100 credits for teams that ask the assistant every week.",
      ja: "毎週アシスタントを活用するチーム向けの 100 クレジット。",
      zh: "100 积分，适合每周都使用助手的团队。",
    },
  },
  {
    id: "enterprise",
    name: { en: "VIP", ja: "VIP", zh: "VIP" },
    priceCents: 10000,
    currency: "usd",
    credits: 250,
    url: "pricing/enterprise",
    features: {
      en: ["All-access tech pass", "VIP networking events", "Exclusive screenings", "Meet the tech enthusiasts"],
      ja: ["オールアクセス・テックパス", "VIP ネットワーキングイベント", "限定上映会", "テック愛好家との交流会"],
      zh: ["全通技术通行证", "VIP 交流活动", "专属放映会", "与技术爱好者见面"],
    },
    description: {
      en: "250 credits and every perk: the best value per answer.",
      ja: "250 クレジットとすべての特典付き。1 回答あたり最もお得なプランです。",
      zh: "250 积分并享全部权益，每次回答最划算。",
    },
  },
];

export function isPackageId(value: unknown): value is PackageId {
  return typeof value === "string" && (PACKAGE_IDS as readonly string[]).includes(value);
}

export function getPackage(id: string): CreditPackage | null {
  return PACKAGES.find((p) => p.id === id) ?? null;
}

export function requirePackage(id: string): CreditPackage {
  const pkg = getPackage(id);
  if (!pkg) throw new RangeError(`unknown package: ${id}`);
  return pkg;
}

/** "$25" / "$100.50" from cents. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}
