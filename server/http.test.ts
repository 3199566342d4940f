// The language of an API answer read from the request's headers (server/http.ts).
import { describe, expect, it } from "vitest";
import type { Request } from "express";
import { headerLang, requestLang } from "./http";

describe("headerLang", () => {
  it("takes Accept-Language first (the site's own client sends it), then the language cookie", () => {
    expect(headerLang({ "accept-language": "ja", cookie: "selectedLanguage=zh" })).toBe("ja");
    expect(headerLang({ cookie: "selectedLanguage=zh" })).toBe("zh");
    expect(headerLang({ "accept-language": "zh-CN,zh;q=0.9" })).toBe("zh");
    expect(headerLang({})).toBe("en");
  });

  it("falls back to the cookie when Accept-Language names no language of the site", () => {
    // Found by an attack: `Accept-Language: fr` with the cookie `zh` answered in English.
    expect(headerLang({ "accept-language": "fr", cookie: "selectedLanguage=zh" })).toBe("zh");
    expect(headerLang({ "accept-language": "fr-FR, de;q=0.5", cookie: "selectedLanguage=ja" })).toBe("ja");
    expect(headerLang({ "accept-language": "fr" })).toBe("en");
  });
});

describe("requestLang", () => {
  const req = (query: Record<string, unknown>, headers: Record<string, string> = {}) => ({ query, headers, body: undefined }) as unknown as Request;
  it("reads ?lang= in any letter case, as language tags are (BCP 47); a list or an unknown tag names none", () => {
    expect(requestLang(req({ lang: "JA" }))).toBe("ja");
    expect(requestLang(req({ lang: "Zh" }, { "accept-language": "ja" }))).toBe("zh");
    expect(requestLang(req({ lang: ["ja", "zh"] }, { "accept-language": "zh" }))).toBe("zh");
    expect(requestLang(req({ lang: "FR" }, { "accept-language": "ja" }))).toBe("ja");
  });
});
