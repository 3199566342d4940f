// The language a question is written in (lib/ai/question-lang.ts), whatever page it is asked on.
import { describe, expect, it } from "vitest";
import { questionLang } from "./question-lang";

describe("questionLang", () => {
  it("reads Japanese by its kana, on any page", () => {
    for (const page of ["en", "ja", "zh"] as const) {
      expect(questionLang("日本の消費税のインボイス制度について教えてください。", page)).toBe("ja");
      expect(questionLang("VATの登録はいつ必要ですか？", page)).toBe("ja");
    }
  });

  it("tells Chinese from Japanese written in hanzi alone by the forms only one of them writes", () => {
    expect(questionLang("日本的税率是多少？", "en")).toBe("zh");
    expect(questionLang("转让定价同期资料需要准备哪些内容", "ja")).toBe("zh");
    expect(questionLang("移転価格税制", "zh")).toBe("ja");
    expect(questionLang("消費税額", "en")).toBe("ja");
    // Only characters both write: the page's language when it is one of them.
    expect(questionLang("日本税率", "ja")).toBe("ja");
    expect(questionLang("日本税率", "zh")).toBe("zh");
  });

  it("reads Latin letters as English, also around a CJK term", () => {
    expect(questionLang("How much withholding tax applies to royalties paid to a US licensor?", "ja")).toBe("en");
    expect(questionLang("When must we register for VAT in a new country?", "zh")).toBe("en");
    expect(questionLang("What is 消費税 and who pays it?", "ja")).toBe("en");
  });

  it("leaves a question with no letters of the three languages in the page's language", () => {
    expect(questionLang("2024?", "ja")).toBe("ja");
    expect(questionLang("？？？", "zh")).toBe("zh");
    // Found by an attack: on the English page these were taken for Chinese.
    for (const question of ["???", "1099", "Что такое НДС?", "부가가치세란?", "Ελληνικά ΦΠΑ", "😀😀", "①②"]) {
      expect(questionLang(question, "en"), question).toBe("en");
    }
  });
});
