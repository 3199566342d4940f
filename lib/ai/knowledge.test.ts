import { describe, expect, it } from "vitest";
import { LANGS } from "../i18n/languages";
import { SERVICE_SLUGS } from "../services";
import { findKnowledgeAnswer, normalizeQuestion } from "./knowledge";
import { KNOWLEDGE_BASE } from "./knowledge-base";

describe("normalizeQuestion", () => {
  it("trims, collapses whitespace, ignores case and trailing question marks", () => {
    expect(normalizeQuestion("  How   do WE\tfile?  ")).toBe("how do we file");
    expect(normalizeQuestion("税務データは？？")).toBe("税務データは");
    expect(normalizeQuestion("ＶＡＴ　登録？")).toBe("vat 登録");
    expect(normalizeQuestion(" ? ")).toBe("");
  });
});

describe("findKnowledgeAnswer", () => {
  it("knows all twenty example questions, in every language, and answers in the requested one", () => {
    let count = 0;
    for (const topic of SERVICE_SLUGS) {
      expect(KNOWLEDGE_BASE[topic]).toHaveLength(5);
      for (const entry of KNOWLEDGE_BASE[topic]) {
        count += 1;
        for (const asked of LANGS) {
          for (const wanted of LANGS) {
            const found = findKnowledgeAnswer(topic, entry[asked].question, wanted);
            expect(found).toEqual({ topic, question: entry[wanted].question, answer: entry[wanted].answer });
          }
        }
      }
    }
    expect(count).toBe(20);
  });

  it("matches loosely typed versions and example questions of another page", () => {
    const entry = KNOWLEDGE_BASE["security-services"][2]!;
    const typed = `   ${entry.en.question.toLowerCase().replace("?", "")}   `;
    expect(findKnowledgeAnswer("tax-consultation", typed, "zh")?.answer).toBe(entry.zh.answer);
    expect(findKnowledgeAnswer("tax-consultation", entry.ja.question.replace("？", "?"), "ja")?.topic).toBe(
      "security-services",
    );
  });

  it("knows nothing else", () => {
    expect(findKnowledgeAnswer("tax-consultation", "What is the capital of France?", "en")).toBeNull();
    expect(findKnowledgeAnswer("tax-consultation", "", "en")).toBeNull();
    const entry = KNOWLEDGE_BASE["tax-consultation"][0]!;
    expect(findKnowledgeAnswer("tax-consultation", `${entry.en.question} And more.`, "en")).toBeNull();
  });

  it("has answers that end with the general-information notice and use only the supported Markdown", () => {
    for (const topic of SERVICE_SLUGS) {
      for (const entry of KNOWLEDGE_BASE[topic]) {
        for (const lang of LANGS) {
          const { answer, question } = entry[lang];
          expect(question.trim()).toBe(question);
          expect(answer.length).toBeGreaterThan(300);
          expect(answer).not.toMatch(/<[a-z]/i);
          expect(answer).not.toMatch(/\]\(/);
        }
      }
    }
  });
});
