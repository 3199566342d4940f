// The answer composed without a model: where it comes from, the condensed passages marked [n] in
// citation order, the word budget, and the reply to a question the site cannot answer.
import { describe, expect, it } from "vitest";
import { ANSWER_WORD_BUDGET, composeAnswer, condense, MAX_SOURCES, repeatedReply, unanswerableReply, wordCount } from "./compose";
import { buildKnowledgeIndex } from "./knowledge-index.server";

const long = (sentence: string, times: number) => Array.from({ length: times }, (_, i) => `${sentence} ${i}.`).join(" ");

describe("composeAnswer", () => {
  it("says where the answer comes from, marks each source [n] and cites them in order", () => {
    const { answer, citations } = composeAnswer({
      question: "When is withholding tax due on royalties?",
      lang: "en",
      siteName: "TaxAtlas",
      sources: [
        { title: "Royalties", url: "/services/tax-consultation", text: "Withholding tax on royalties is due when the royalty is paid. Treaties may reduce it." },
        { title: "Terms", url: "/terms", text: "Credits do not expire." },
      ],
    });
    expect(answer.split("\n\n")[0]).toBe(
      "This answer is drawn from TaxAtlas's published material; the pages it quotes are listed under Sources.",
    );
    expect(answer).toContain("**Royalties** [1]\nWithholding tax on royalties is due when the royalty is paid.");
    expect(answer).toContain("**Terms** [2]\nCredits do not expire.");
    expect(citations).toEqual([
      { title: "Royalties", url: "/services/tax-consultation" },
      { title: "Terms", url: "/terms" },
    ]);
  });

  it("keeps the whole answer within about 250 words, in every language", () => {
    for (const [lang, sentence] of [
      ["en", "Transfer prices between group companies follow the arm's length principle"],
      ["ja", "グループ会社間の取引価格は独立企業原則に従って設定します"],
      ["zh", "集团内关联交易的定价应当遵循独立交易原则"],
    ] as const) {
      const sources = [1, 2, 3, 4].map((n) => ({ title: `Source ${n}`, url: `/p${n}`, text: long(sentence, 60) }));
      const { answer } = composeAnswer({ question: sentence, lang, siteName: "TaxAtlas", sources });
      expect(wordCount(answer, lang), lang).toBeLessThanOrEqual(ANSWER_WORD_BUDGET);
      for (const n of [1, 2, 3, 4]) expect(answer).toContain(`[${n}]`);
    }
  });

  it("opens with one sentence on where the answer comes from, in every language", () => {
    const sources = [{ title: "T", url: "/t", text: "Text." }];
    for (const lang of ["en", "ja", "zh"] as const) {
      const intro = composeAnswer({ question: "q", lang, siteName: "TaxAtlas", sources }).answer.split("\n\n")[0]!;
      expect(intro).toContain("TaxAtlas");
      expect(intro.match(/[.。](?=\s|$)/gu), lang).toHaveLength(1);
    }
  });

  it("quotes at most four passages", () => {
    const sources = [1, 2, 3, 4, 5].map((n) => ({ title: `Source ${n}`, url: `/p${n}`, text: "Royalties are taxed." }));
    const { answer, citations } = composeAnswer({ question: "royalties", lang: "en", siteName: "TaxAtlas", sources });
    expect(citations).toHaveLength(MAX_SOURCES);
    expect(answer).not.toContain("[5]");
  });
});

describe("condense", () => {
  it("prefers the sentences that share words with the question and keeps their order", () => {
    const text = "Our office is in Tokyo. VAT registration is needed from the first sale. Lunch is at noon. Non-resident sellers register for VAT.";
    expect(condense(text, "When do we need VAT registration?", "en", 20)).toBe(
      "VAT registration is needed from the first sale. Non-resident sellers register for VAT.",
    );
  });

  it("ends lines without a full stop so list items never run together, and keeps decimals whole", () => {
    expect(condense("周一至周五: 8:00–18:00\n周六: 9:00–16:00\n周日: 休息", "周六营业吗", "zh", 50)).toBe("周六: 9:00–16:00。");
    expect(condense("Japan withholds 20.42 % on royalties.\nTreaties reduce it", "royalties withholding treaties", "en", 50)).toBe(
      "Japan withholds 20.42 % on royalties. Treaties reduce it.",
    );
  });

  it("quotes the sentences with the site's words for the question's (a thesaurus synonym)", () => {
    expect(condense("Credits never expire. A purchase is refunded in full within 14 days.", "Can I get my money back?", "en", 50)).toBe(
      "A purchase is refunded in full within 14 days.",
    );
  });

  it("quotes each question's own sentences from a passage condensed before (its sentences are segmented once)", () => {
    const text = "Our office is in Tokyo. VAT registration is needed from the first sale. Lunch is at noon.";
    for (let i = 0; i < 2; i++) {
      expect(condense(text, "Where is your office?", "en", 20)).toBe("Our office is in Tokyo.");
      expect(condense(text, "When is lunch?", "en", 20)).toBe("Lunch is at noon.");
      // A question in another language is segmented as that language's.
      expect(condense("東京に事務所があります。昼食は正午です。", "昼食", "ja", 20)).toBe("昼食は正午です。");
      // A skipped sentence (the passage's own title) is never quoted: none left shares a word, so from the beginning.
      expect(condense(text, "When do we need VAT registration?", "en", 20, ["VAT registration is needed from the first sale."])).toBe(
        "Our office is in Tokyo. Lunch is at noon.",
      );
    }
  });

  it("quotes the beginning of a sentence longer than the budget", () => {
    expect(condense("消費税の登録要件は国によって大きく異なり、どこで何を誰に販売するかによって判断が変わります。", "消費税", "ja", 5)).toBe(
      "消費税の登録要件は国…",
    );
  });
});

describe("unanswerableReply", () => {
  it("links the contact page in the question's language", () => {
    expect(unanswerableReply("en", "TaxAtlas")).toContain("[contact our team](/contact)");
    expect(unanswerableReply("ja", "TaxAtlas")).toContain("[お問い合わせページ](/ja/contact)");
    expect(unanswerableReply("zh", "TaxAtlas")).toContain("[联系我们](/zh/contact)");
    expect(repeatedReply("ja", "TaxAtlas")).toContain("[お問い合わせページ](/ja/contact)");
    expect(repeatedReply("zh", "TaxAtlas")).toContain("[联系我们](/zh/contact)");
  });
});

describe("how much an answer quotes in each language", () => {
  it("a Japanese answer quotes the checklist its source has, as the Chinese and English ones do", () => {
    // Found by a stranger's review: counted two characters a word like Chinese, a Japanese answer
    // fitted one sentence per source and left out the checklist the others quoted.
    const index = buildKnowledgeIndex({ siteName: "TaxAtlas", contactEmail: "hello@example.com", contactPhone: "+1 555 0100", contactAddress: "1 Example Street" });
    const answers = Object.fromEntries(
      ([
        ["en", "What should finance teams prepare for e-invoicing mandates?"],
        ["zh", "财务团队应该为电子发票强制推行做哪些准备？"],
        ["ja", "電子インボイス義務化に向けて経理部門が準備すべきことは？"],
      ] as const).map(([lang, question]) => [
        lang,
        composeAnswer({ question, lang, siteName: "TaxAtlas", sources: index.retrieve(question, lang).hits.map((hit) => hit.passage) }).answer,
      ]),
    );
    expect(answers.en).toContain("Map your exposure");
    expect(answers.zh).toContain("清理主数据");
    expect(answers.ja).toContain("影響範囲を把握する");
  });
});
