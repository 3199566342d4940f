import { describe, expect, it, vi } from "vitest";
import { format, formatParts } from "./format";

describe("formatParts", () => {
  it("returns the text around the placeholders and their values, in order", () => {
    const terms = { link: "terms" };
    const privacy = { link: "privacy" };
    expect(formatParts("By signing up, you agree to our {terms} and read our {privacy}.", { terms, privacy })).toEqual([
      "By signing up, you agree to our ",
      terms,
      " and read our ",
      privacy,
      ".",
    ]);
    expect(formatParts("{terms}に同意", { terms })).toEqual([terms, "に同意"]);
  });

  it("keeps an unknown placeholder as written and takes no inherited key", () => {
    expect(formatParts("a {other} b {toString}", {})).toEqual(["a ", "{other}", " b ", "{toString}"]);
  });
});

describe("format", () => {
  it("groups the thousands of a number, as every language of the site writes them", () => {
    // Found by a stranger's review: a balance read "1000050 クレジット" in the header and on My page.
    expect(format("現在の残高：{count} クレジット", { count: 1_000_050 })).toBe("現在の残高：1,000,050 クレジット");
    expect(format("{count|# credit|# credits}", { count: 1_000 })).toBe("1,000 credits");
    expect(format("{count|# credit|# credits}", { count: 1 })).toBe("1 credit");
    expect(format("{count} / {max}", { count: 12, max: 2_000 })).toBe("12 / 2,000");
    expect(format("{count}", { count: -12_500 })).toBe("-12,500");
  });

  it("builds no Intl.NumberFormat for whole numbers (a page's first one costs its main thread 35-50 ms)", async () => {
    vi.resetModules();
    const original = Intl.NumberFormat;
    let constructed = 0;
    Intl.NumberFormat = new Proxy(original, {
      construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => (constructed++, new target(...args)),
    });
    try {
      const fresh = await import("./format");
      expect(fresh.format("{a} {b|# credit|# credits} {c}", { a: 999, b: 1, c: -250 })).toBe("999 1 credit -250");
      // The question box's counter on every service page: "12 / 2,000".
      expect(fresh.format("{count} / {max}", { count: 12, max: 2_000 })).toBe("12 / 2,000");
      expect(fresh.format("{a} {b} {c}", { a: 1_000_050, b: -12_500, c: Number.MAX_SAFE_INTEGER })).toBe("1,000,050 -12,500 9,007,199,254,740,991");
      expect(constructed).toBe(0);
      expect(fresh.format("{a}", { a: 1_234.5 })).toBe("1,234.5");
      expect(constructed).toBe(1);
    } finally {
      Intl.NumberFormat = original;
    }
  });

  it("writes text values as given: a year or an id passed as text is not a quantity", () => {
    expect(format("© {year}", { year: "2026" })).toBe("© 2026");
    expect(format("{number}", { number: "R-000123" })).toBe("R-000123");
  });
});
