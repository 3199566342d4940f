import { describe, expect, it } from "vitest";
import { langAttribute, langTag, languageOf, LANGS, namedLangTag } from "./languages";

describe("languages", () => {
  it("gives every language its BCP 47 tag, Chinese in simplified script", () => {
    expect(LANGS.map(langTag)).toEqual(["en", "ja", "zh-Hans"]);
    expect(languageOf("zh").ogLocale).toBe("zh_CN");
  });

  it("gives stored text of one of the site's languages its lang attribute, and none otherwise", () => {
    expect(langAttribute("zh")).toBe("zh-Hans");
    expect(langAttribute("fr")).toBeUndefined();
  });

  it("reads a language from a tag in any letter case, and nothing else", () => {
    expect(namedLangTag("JA")).toBe("ja");
    expect(namedLangTag("zh-Hans")).toBeUndefined();
    expect(namedLangTag(["ja"])).toBeUndefined();
  });
});
