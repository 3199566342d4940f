import { describe, expect, it } from "vitest";
import { alternates, inLanguage, localePath, safeRedirectPath, splitLangPath } from "./paths";

describe("splitLangPath", () => {
  it.each([
    ["/", { lang: "en", path: "/", prefixed: false }],
    ["/about", { lang: "en", path: "/about", prefixed: false }],
    ["/ja", { lang: "ja", path: "/", prefixed: true }],
    ["/ja/", { lang: "ja", path: "/", prefixed: true }],
    ["/ja/about", { lang: "ja", path: "/about", prefixed: true }],
    ["/zh/services/tax-consultation", { lang: "zh", path: "/services/tax-consultation", prefixed: true }],
    // English lives at the root; /en is not a prefix (the server redirects it).
    ["/en/about", { lang: "en", path: "/en/about", prefixed: false }],
    // Unsupported or look-alike prefixes are ordinary paths.
    ["/fr/about", { lang: "en", path: "/fr/about", prefixed: false }],
    ["/japan", { lang: "en", path: "/japan", prefixed: false }],
    ["/jazz", { lang: "en", path: "/jazz", prefixed: false }],
    ["", { lang: "en", path: "/", prefixed: false }],
  ])("%j → %j", (input, expected) => {
    expect(splitLangPath(input)).toEqual(expected);
  });
});

describe("localePath", () => {
  it("puts English at the root and the others under their prefix", () => {
    expect(localePath("en", "/about")).toBe("/about");
    expect(localePath("en", "/")).toBe("/");
    expect(localePath("ja", "/")).toBe("/ja");
    expect(localePath("ja", "/about")).toBe("/ja/about");
    expect(localePath("zh", "pricing/basic")).toBe("/zh/pricing/basic");
  });

  it("is the inverse of splitLangPath", () => {
    for (const lang of ["en", "ja", "zh"] as const) {
      for (const path of ["/", "/about", "/blog/2"]) {
        const split = splitLangPath(localePath(lang, path));
        expect(split.lang).toBe(lang);
        expect(split.path).toBe(path);
      }
    }
  });
});

describe("alternates", () => {
  it("lists one URL per language", () => {
    expect(alternates("/about")).toEqual([
      { lang: "en", href: "/about" },
      { lang: "ja", href: "/ja/about" },
      { lang: "zh", href: "/zh/about" },
    ]);
  });
});

describe("safeRedirectPath", () => {
  it.each(["/", "/explore", "/ja/services/tax-consultation?x=1#ask", "/admin/users"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "https://evil.example",
    "http://evil.example/explore",
    "javascript:alert(1)",
    "/\\evil.example",
    "\\\\evil.example",
    "/foo\\bar",
    "evil.example",
    "",
    "explore",
  ])("rejects %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("rejects values that are not strings and uses the given fallback", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(null, "/explore")).toBe("/explore");
    expect(safeRedirectPath(["/explore"], "/login")).toBe("/login");
    expect(safeRedirectPath("//evil.example", "/explore")).toBe("/explore");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeRedirectPath("/a/../explore")).toBe("/explore");
    expect(safeRedirectPath("/../../etc")).toBe("/etc");
  });
});

describe("inLanguage", () => {
  it("moves a query's same-site `next` into the chosen language, keeping its own query and the rest", () => {
    // Found by a stranger: switched to Japanese on /zh/login?next=/zh/pricing/basic, the member landed on the Chinese page.
    expect(inLanguage("?next=%2Fzh%2Fpricing%2Fbasic", "ja")).toBe("?next=%2Fja%2Fpricing%2Fbasic");
    expect(inLanguage("?next=%2Fja%2Faccount%3Ftab%3Dx&reason=expired", "en")).toBe("?next=%2Faccount%3Ftab%3Dx&reason=expired");
    expect(inLanguage("?next=%2Fpricing", "zh")).toBe("?next=%2Fzh%2Fpricing");
    expect(inLanguage("?next=%2Fja", "zh")).toBe("?next=%2Fzh");
  });

  it("leaves a query without `next`, or with one that is not a same-site path, as it is", () => {
    for (const search of ["", "?q=vat", "?next=https%3A%2F%2Fevil.example%2Fja", "?next=%2F%2Fevil.example", "?next=%2Fja%2F%2Fevil.example", "?next=", "?next=a&next=b"]) {
      expect(inLanguage(search, "ja"), search).toBe(search);
    }
    // Moved into English, "/ja//evil.example" would be "//evil.example", another site (found by a review).
    expect(inLanguage("?next=%2Fja%2F%2Fevil.example", "en")).toBe("?next=%2Fja%2F%2Fevil.example");
  });
});
