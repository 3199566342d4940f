// The one package catalog: the public pricing page, the checkout (server-side prices) and the admin
// pricing page all read it. Prices in integer cents (USD), credits as integers.
import { memberOf } from "~/lib/member-of";
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

/** What credits buy: the same for every package, only the number of answers differs (one credit, one answer). */
const INCLUDED: Localized<(credits: number) => string[]> = {
  en: (n) => [
    `${n} answers from the AI tax assistant, in all four service areas`,
    "Follow-up questions on any answer, one credit each",
    "Your questions and answers kept in your history",
    "Each answer cites the pages of our published guidance it draws on",
  ],
  ja: (n) => [
    `AI税務アシスタントの回答${n}件分（4つのサービス分野すべてに対応）`,
    "回答への追加質問（1件につき1クレジット）",
    "質問と回答を履歴に保存",
    "各回答に、根拠とした当社公開資料のページを明示",
  ],
  zh: (n) => [
    `AI 税务助手解答 ${n} 次，涵盖全部四个服务领域`,
    "可针对任一回答继续追问，每次 1 积分",
    "提问与回答自动保存至历史记录",
    "每条回答均注明所依据的本所公开资料页面",
  ],
};

const included = (credits: number): Localized<string[]> => ({
  en: INCLUDED.en(credits),
  ja: INCLUDED.ja(credits),
  zh: INCLUDED.zh(credits),
});

export const PACKAGES: readonly CreditPackage[] = [
  {
    id: "basic",
    name: { en: "Basic", ja: "ベーシック", zh: "基础版" },
    priceCents: 2500,
    currency: "usd",
    credits: 50,
    url: "pricing/basic",
    features: included(50),
    description: {
      en: "For the occasional question: a filing deadline, a withholding rate, a treaty article.",
      ja: "申告期限や源泉徴収税率、租税条約の条文など、ときどき生じる疑問の確認に。",
      zh: "适合偶尔提问：申报期限、预提税率、税收协定条款等。",
    },
  },
  {
    id: "pro",
    name: { en: "Pro", ja: "プロ", zh: "专业版" },
    priceCents: 5000,
    currency: "usd",
    credits: 100,
    url: "pricing/pro",
    features: included(100),
    description: {
      en: "For a finance or tax professional who checks questions with the assistant every week.",
      ja: "毎週のようにアシスタントで論点を確認する、経理・税務の担当者に。",
      zh: "适合每周都要借助助手核实问题的财务或税务人员。",
    },
  },
  {
    id: "enterprise",
    name: { en: "VIP", ja: "VIP", zh: "VIP" },
    priceCents: 10000,
    currency: "usd",
    credits: 250,
    url: "pricing/enterprise",
    features: included(250),
    description: {
      en: "For heavy use across many clients or entities, at the lowest price per credit.",
      ja: "多くの顧客や拠点を抱え、頻繁に利用する方に。1クレジットあたりの価格が最も安いプランです。",
      zh: "适合服务众多客户或主体、使用频繁的用户，每积分单价最低。",
    },
  },
];

/** The price of one credit in cents (may be fractional for other catalogs; here 50, 50 and 40). */
export function creditPriceCents(pkg: Pick<CreditPackage, "priceCents" | "credits">): number {
  return pkg.priceCents / pkg.credits;
}

/**
 * The package marked "Best value": the lowest price per credit, and only if it is strictly lower
 * than every other package's (a tie marks none, so the mark never claims more than the numbers).
 */
export function bestValuePackageId(packages: readonly CreditPackage[] = PACKAGES): PackageId | null {
  const sorted = [...packages].sort((a, b) => creditPriceCents(a) - creditPriceCents(b));
  const [first, second] = sorted;
  if (!first) return null;
  if (second && creditPriceCents(second) === creditPriceCents(first)) return null;
  return first.id;
}

export const isPackageId = memberOf(PACKAGE_IDS);

export function getPackage(id: string): CreditPackage | null {
  return PACKAGES.find((p) => p.id === id) ?? null;
}

export function requirePackage(id: string): CreditPackage {
  const pkg = getPackage(id);
  if (!pkg) throw new RangeError(`unknown package: ${id}`);
  return pkg;
}

/** "$25" / "$100.50" / "$0.40" from cents. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}
