import { describe, expect, it } from "vitest";
import { langTag, languageOf, LANGS, namedLangTag } from "./languages";

describe("languages", () => {
  it("gives every language its BCP 47 tag, Chinese in simplified script", () => {
    expect(LANGS.map(langTag)).toEqual(["en", "ja", "zh-Hans"]);
    expect(languageOf("zh").ogLocale).toBe("zh_CN");
  });

  it("reads a language from a tag in any letter case, and nothing else", () => {
    expect(namedLangTag("JA")).toBe("ja");
    expect(namedLangTag("zh-Hans")).toBeUndefined();
    expect(namedLangTag(["ja"])).toBeUndefined();
  });
});
