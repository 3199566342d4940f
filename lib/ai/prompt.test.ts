import { describe, expect, it } from "vitest";
import { SERVICE_SLUGS } from "../services";
import { buildMessages, systemPrompt } from "./prompt";

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
});
