// The texts that promise a credit return name the button the member sees and the limits the server
// keeps (lib/contracts/ai-limits.ts): a change of either without the other would make them lie.
import { describe, expect, it } from "vitest";
import { admin } from "~/content/messages/admin";
import { ai } from "~/content/messages/ai";
import { pricingMessages } from "~/content/messages/pricing";
import { terms } from "~/content/legal";
import { AI_ERRORS } from "~/lib/ai/errors";
import { CREDIT_RETURN_DAYS, CREDIT_RETURN_LIMIT, CREDIT_RETURN_LIMIT_DAYS } from "~/lib/contracts/ai-limits";
import { LANGS } from "~/lib/i18n/languages";

describe("credit return texts", () => {
  it.each(LANGS)("the pricing FAQ and the Terms in %s quote the button and the limits", (lang) => {
    const faq = pricingMessages[lang].faq.find((item) => item.id === "faq-missed-answer");
    expect(faq?.answer).toContain(ai[lang].returnCredit);
    const payment = terms[lang].sections.find((section) => section.id === "payment-and-refunds")!.content.join(" ");
    for (const text of [faq!.answer, payment]) {
      for (const n of [CREDIT_RETURN_DAYS, CREDIT_RETURN_LIMIT, CREDIT_RETURN_LIMIT_DAYS]) expect(text).toMatch(new RegExp(`(^|\\D)${n}(\\D|$)`));
    }
    expect(AI_ERRORS.credit_return_expired[lang]).toMatch(new RegExp(`(^|\\D)${CREDIT_RETURN_DAYS}(\\D|$)`));
    expect(AI_ERRORS.credit_return_limit[lang]).toMatch(new RegExp(`(^|\\D)${CREDIT_RETURN_LIMIT}(\\D|$)`));
    expect(AI_ERRORS.credit_return_limit[lang]).toMatch(new RegExp(`(^|\\D)${CREDIT_RETURN_LIMIT_DAYS}(\\D|$)`));
  });

  // Review: the site calls a credit 积分 everywhere in Chinese (the admin's own columns too); the
  // ledger's new label said 点数.
  it("names the returned credit in the admin's Chinese ledger with the site's word for a credit", () => {
    const label = admin.zh.user.ledger.kinds.ai_return;
    expect(label).toBeDefined();
    expect(label).toContain("积分");
    expect(label).not.toContain("点数");
  });
});
