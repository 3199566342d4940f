// Spec §4's order: a supported stored choice, else the browser language's primary subtag, else English.
import { describe, expect, it } from "vitest";
import { chooseLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, parseAcceptLanguage, readCookie } from "./negotiate";

describe("chooseLanguage", () => {
  it("uses a supported stored choice, whatever the browser says", () => {
    expect(chooseLanguage("ja", ["zh", "en"])).toBe("ja");
    expect(chooseLanguage("zh", ["ja"])).toBe("zh");
    expect(chooseLanguage("en", ["ja", "zh"])).toBe("en");
  });

  it("ignores an unsupported or malformed stored code and falls through to the browser language", () => {
    expect(chooseLanguage("fr", ["ja"])).toBe("ja");
    expect(chooseLanguage("JA", ["zh"])).toBe("zh");
    expect(chooseLanguage("ja-JP", ["zh"])).toBe("zh");
    expect(chooseLanguage("", ["zh"])).toBe("zh");
    expect(chooseLanguage(undefined, ["zh"])).toBe("zh");
    expect(chooseLanguage(null, ["ja"])).toBe("ja");
  });

  it("takes the browser language's primary subtag", () => {
    expect(chooseLanguage(null, ["ja-JP"])).toBe("ja");
    expect(chooseLanguage(null, ["zh-Hant-TW"])).toBe("zh");
    expect(chooseLanguage(null, ["ZH-cn"])).toBe("zh");
  });

  it("takes the first supported browser language in preference order", () => {
    expect(chooseLanguage(null, ["fr", "de", "zh", "ja"])).toBe("zh");
  });

  it("falls back to English", () => {
    expect(chooseLanguage(null, [])).toBe("en");
    expect(chooseLanguage("fr", ["de", "ko"])).toBe("en");
    expect(chooseLanguage(undefined, ["*"])).toBe("en");
  });
});

describe("parseAcceptLanguage", () => {
  it("returns primary subtags, best first, honouring q-values", () => {
    expect(parseAcceptLanguage("en-US,en;q=0.9,ja;q=0.8")).toEqual(["en", "en", "ja"]);
    expect(parseAcceptLanguage("fr;q=0.5, zh-CN;q=0.9, ja;q=0.7")).toEqual(["zh", "ja", "fr"]);
    expect(parseAcceptLanguage("de;q=0.2,ja")).toEqual(["ja", "de"]);
  });

  it("keeps header order between equal q-values", () => {
    expect(parseAcceptLanguage("ja;q=0.8, zh;q=0.8")).toEqual(["ja", "zh"]);
  });

  it("drops q=0, wildcards, garbage q-values and empty parts", () => {
    expect(parseAcceptLanguage("ja;q=0, zh")).toEqual(["zh"]);
    expect(parseAcceptLanguage("*, en;q=0.1")).toEqual(["en"]);
    expect(parseAcceptLanguage("ja;q=abc, zh;q=0.5")).toEqual(["zh"]);
    expect(parseAcceptLanguage(" , ,ja")).toEqual(["ja"]);
  });

  it("handles a missing header", () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage("")).toEqual([]);
  });

  it("feeds chooseLanguage end to end", () => {
    expect(chooseLanguage(undefined, parseAcceptLanguage("fr-FR,fr;q=0.9,zh-CN;q=0.8,ja;q=0.7"))).toBe("zh");
    expect(chooseLanguage(undefined, parseAcceptLanguage("ko-KR, de;q=0.5"))).toBe("en");
    expect(chooseLanguage("xx", parseAcceptLanguage("ja;q=0.4, zh;q=0.6"))).toBe("zh");
  });
});

describe("readCookie", () => {
  it("reads the language cookie among others", () => {
    expect(readCookie("a=1; selectedLanguage=ja; b=2", LANGUAGE_COOKIE)).toBe("ja");
    expect(readCookie("selectedLanguage=zh", LANGUAGE_COOKIE)).toBe("zh");
  });

  it("returns undefined when the cookie is absent or undecodable", () => {
    expect(readCookie(undefined, LANGUAGE_COOKIE)).toBeUndefined();
    expect(readCookie("", LANGUAGE_COOKIE)).toBeUndefined();
    expect(readCookie("xselectedLanguage=ja; other", LANGUAGE_COOKIE)).toBeUndefined();
    expect(readCookie("selectedLanguage=%E0%A4%A", LANGUAGE_COOKIE)).toBeUndefined();
  });

  it("decodes URI-encoded values", () => {
    expect(readCookie("name=a%20b", "name")).toBe("a b");
  });

  it("uses the spec's storage key", () => {
    expect(LANGUAGE_STORAGE_KEY).toBe("selectedLanguage");
    expect(LANGUAGE_COOKIE).toBe("selectedLanguage");
  });
});
