// The language of an API answer read from the request's headers (server/http.ts).
import { describe, expect, it } from "vitest";
import { headerLang } from "./http";

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
