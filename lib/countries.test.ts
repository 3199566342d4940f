import { describe, expect, it } from "vitest";
import { LANGS, LANGUAGES } from "~/lib/i18n/languages";
import { COUNTRY_CODES, countryOptions, isCountryCode } from "./countries";

describe("the country list", () => {
  it("holds the 249 officially assigned ISO 3166-1 alpha-2 codes and Kosovo's XK, each once", () => {
    expect(COUNTRY_CODES).toHaveLength(250);
    expect(new Set(COUNTRY_CODES).size).toBe(250);
    expect(COUNTRY_CODES).toContain("XK");
    for (const code of COUNTRY_CODES) expect(code, code).toMatch(/^[A-Z]{2}$/);
    expect([...COUNTRY_CODES]).toEqual([...COUNTRY_CODES].sort());
  });

  it("names every code in English, Japanese and Chinese (Intl.DisplayNames), never by its code", () => {
    for (const tag of ["en", "ja", "zh-Hans"]) {
      const names = new Intl.DisplayNames([tag], { type: "region", fallback: "none" });
      for (const code of COUNTRY_CODES) {
        const name = names.of(code);
        expect(name, `${tag} ${code}`).toBeTruthy();
        expect(name, `${tag} ${code}`).not.toBe(code);
      }
    }
  });

  it("refuses codes that are not countries: unassigned, reserved, user-assigned or not upper-case", () => {
    for (const code of ["JA", "XX", "AA", "ZZ", "EU", "UN", "XA", "AC", "SU", "UK", "jp", "JPN", "", " JP"]) {
      expect(isCountryCode(code), JSON.stringify(code)).toBe(false);
    }
    for (const code of ["CN", "JP", "CH", "GB", "US", "TW", "HK", "AX", "XK"]) expect(isCountryCode(code), code).toBe(true);
  });

  it("offers every country by its name in the page's language, its own country first, then sorted by name", () => {
    expect(countryOptions("ja")[0]).toEqual({ code: "JP", name: "日本" });
    expect(countryOptions("zh")[0]).toEqual({ code: "CN", name: "中国" });
    for (const lang of LANGS) {
      const tag = LANGUAGES.find((l) => l.code === lang)!.tag;
      const all = countryOptions(lang);
      expect(all.map((o) => o.code).sort()).toEqual([...COUNTRY_CODES]);
      const options = lang === "en" ? all : all.slice(1);
      const names = new Intl.DisplayNames([tag], { type: "region" });
      for (const option of options) expect(option.name, `${lang} ${option.code}`).toBe(names.of(option.code));
      const collator = new Intl.Collator(tag);
      for (let i = 1; i < options.length; i++) {
        expect(collator.compare(options[i - 1]!.name, options[i]!.name), `${lang} ${options[i]!.name}`).toBeLessThanOrEqual(0);
      }
    }
    expect(countryOptions("en").find((o) => o.code === "CN")?.name).toBe("China");
    expect(countryOptions("ja").find((o) => o.code === "JP")?.name).toBe("日本");
    expect(countryOptions("zh").find((o) => o.code === "CN")?.name).toBe("中国");
    expect(countryOptions("zh").find((o) => o.code === "CH")?.name).toBe("瑞士");
  });
});
