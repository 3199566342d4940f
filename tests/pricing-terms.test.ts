// The catalog, the pricing page's copy and the Terms say the same thing about credits, in every
// language: the packages with their prices and credits, the price per credit, the mark on the best
// value, the 14-day full refund, credits that never expire, tax included and one account per person.
import { describe, expect, it } from "vitest";
import { pricingMessages } from "~/content/messages/pricing";
import { terms } from "~/content/legal";
import { bestValuePackageId, creditPriceCents, formatUsd, PACKAGES } from "~/lib/catalog";
import { LANGS, type Lang } from "~/lib/i18n/languages";

const termsText = (lang: Lang) => [terms[lang].content, ...terms[lang].sections.map((s) => s.content)].flat().join("\n");
const pricingText = (lang: Lang) => {
  const t = pricingMessages[lang];
  return [t.tagline, t.seoDescription, ...t.faq.flatMap((f) => [f.question, f.answer]), t.sales.text].join("\n");
};

/** How each language words the credit terms; both the Terms and the pricing page must say them. */
const TERMS: Record<Lang, { refund: RegExp; noExpiry: RegExp; taxIncluded: RegExp; noPartial: RegExp; notTransferable: RegExp }> = {
  en: {
    refund: /refunded in full within 14 days/,
    noExpiry: /Credits never expire/,
    taxIncluded: /include any applicable tax/,
    noPartial: /do not make partial refunds/,
    notTransferable: /cannot be transferred/,
  },
  ja: {
    refund: /14日以内[^。]*全額/,
    noExpiry: /有効期限はありません/,
    taxIncluded: /税込/,
    noPartial: /一部のみの返金は承っておりません/,
    notTransferable: /譲渡することはできません|譲渡することもできません/,
  },
  zh: {
    refund: /14 天内[^。]*全额退款/,
    noExpiry: /永不过期/,
    taxIncluded: /已包含所有适用税费/,
    noPartial: /不提供部分退款/,
    notTransferable: /不能转让|不得转让/,
  },
};

describe("catalog", () => {
  it("is Basic $25/50, Pro $50/100 and VIP $100/250", () => {
    expect(PACKAGES.map((p) => [p.id, p.name.en, formatUsd(p.priceCents), p.credits])).toEqual([
      ["basic", "Basic", "$25", 50],
      ["pro", "Pro", "$50", 100],
      ["enterprise", "VIP", "$100", 250],
    ]);
  });

  it("prices a credit at $0.50, $0.50 and $0.40, so VIP alone is the best value", () => {
    expect(PACKAGES.map((p) => formatUsd(creditPriceCents(p)))).toEqual(["$0.50", "$0.50", "$0.40"]);
    expect(bestValuePackageId()).toBe("enterprise");
  });

  it("marks no package when the lowest price per credit is shared", () => {
    const [basic, pro] = PACKAGES;
    expect(bestValuePackageId([basic!, pro!])).toBeNull();
  });

  it("sells answers, not the old seed's perks", () => {
    for (const lang of LANGS) {
      for (const pkg of PACKAGES) {
        const text = pkg.features[lang].join(" ") + pkg.description[lang];
        expect(text).not.toMatch(/screening|networking|enthusiast|上映|ネットワーキング|愛好家|放映|交流活动|爱好者/i);
        expect(pkg.features[lang][0]).toContain(String(pkg.credits));
      }
    }
  });
});

describe.each(LANGS)("pricing copy and Terms agree (%s)", (lang) => {
  it("the Terms name every package with its price and credits", () => {
    const text = termsText(lang);
    for (const pkg of PACKAGES) {
      const sentence = text.split(/[;；。]/).find((part) => part.includes(pkg.name[lang]) && part.includes(formatUsd(pkg.priceCents)));
      expect(sentence, `${pkg.name[lang]} ${formatUsd(pkg.priceCents)}`).toBeDefined();
      expect(sentence).toContain(String(pkg.credits));
    }
  });

  it("the pricing page's description names every package with its price and credits", () => {
    const text = pricingMessages[lang].seoDescription;
    for (const pkg of PACKAGES) {
      expect(text).toContain(pkg.name[lang]);
      expect(text).toContain(formatUsd(pkg.priceCents));
      expect(text).toContain(String(pkg.credits));
    }
  });

  for (const rule of ["refund", "noExpiry", "taxIncluded", "noPartial", "notTransferable"] as const) {
    it(`both say ${rule}`, () => {
      expect(termsText(lang)).toMatch(TERMS[lang][rule]);
      expect(pricingText(lang)).toMatch(TERMS[lang][rule]);
    });
  }

  it("neither keeps the old conditions (unused packages only, tax added at checkout, promotional expiry)", () => {
    const all = termsText(lang) + pricingText(lang);
    expect(all).not.toMatch(/not used any credits|shown at checkout|validity period|一度も使用していない|購入画面でご確認|尚未使用|结算页面中列明/);
  });
});
