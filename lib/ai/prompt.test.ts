import { describe, expect, it } from "vitest";
import { SERVICE_SLUGS } from "~/lib/service-catalog";
import { buildMessages, CONTEXT_TOKEN_BUDGET, estimateTokens, systemPrompt } from "./prompt";

describe("the assistant's prompt", () => {
  it("has a system prompt per topic naming the service, the answer language and the limits", () => {
    const prompts = new Set<string>();
    for (const topic of SERVICE_SLUGS) {
      const en = systemPrompt(topic, "en", "TaxAtlas");
      prompts.add(en);
      expect(en).toContain("TaxAtlas");
      expect(en).toContain("Always answer in English");
      expect(en).toMatch(/not legal or tax advice/);
      expect(en).toMatch(/no guarantee/);
      expect(systemPrompt(topic, "ja", "TaxAtlas")).toContain("Always answer in Japanese");
      expect(systemPrompt(topic, "zh", "TaxAtlas")).toContain("Always answer in Simplified Chinese");
    }
    expect(prompts.size).toBe(4);
    expect(systemPrompt("security-services", "en", "X")).toContain("Security Services");
  });

  it("sends the system prompt, then the question as the user's message", () => {
    const messages = buildMessages({ topic: "tax-consultation", lang: "zh", question: "VAT?", siteName: "TaxAtlas" });
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual({ role: "system", content: systemPrompt("tax-consultation", "zh", "TaxAtlas") });
    expect(messages[1]).toEqual({ role: "user", content: "VAT?" });
  });

  it("adds the site's passages as numbered excerpts to cite, within the token budget", () => {
    const sentence = "Royalties paid abroad usually bear withholding tax, which a tax treaty may reduce";
    const sources = [1, 2, 3].map((n) => ({
      title: `Source ${n}`,
      url: `/page-${n}`,
      text: Array.from({ length: 80 }, (_, i) => `${sentence} ${i}.`).join(" "),
    }));
    const [system] = buildMessages({ topic: "tax-consultation", lang: "en", question: "Withholding tax on royalties?", siteName: "TaxAtlas", sources });
    expect(system!.content.startsWith(systemPrompt("tax-consultation", "en", "TaxAtlas"))).toBe(true);
    expect(system!.content).toMatch(/cite each excerpt you use with its marker, such as \[1\] or \[2\]/);
    for (const n of [1, 2, 3]) expect(system!.content).toContain(`[${n}] Source ${n} (/page-${n})`);
    const context = system!.content.slice(system!.content.indexOf("[1] Source 1"));
    expect(estimateTokens(context, "en")).toBeLessThanOrEqual(CONTEXT_TOKEN_BUDGET + 60);

    const [general] = buildMessages({ topic: "tax-consultation", lang: "ja", question: "?", siteName: "TaxAtlas", sources: [] });
    expect(general!.content).toContain("not based on TaxAtlas's published material");
    expect(general!.content).not.toContain("[1]");
  });
});
