// Text made storable (a model's answer) and text that shows nothing.
import { describe, expect, it } from "vitest";
import { isInvisibleText, isStorableText, toStorableText } from "./storable-text";

describe("toStorableText", () => {
  it("removes NUL and replaces a lone surrogate, keeping whole pairs and everything else", () => {
    expect(toStorableText("a\u0000b\u0000")).toBe("ab");
    expect(toStorableText("x\uD800y\uDC00z")).toBe("x\uFFFDy\uFFFDz");
    expect(toStorableText("税務 😀 tax\n")).toBe("税務 😀 tax\n");
    for (const text of ["a\u0000b", "\uD83D", "ok"]) expect(isStorableText(toStorableText(text))).toBe(true);
  });
});

describe("isInvisibleText", () => {
  it("is true for whitespace and zero-width characters only", () => {
    expect(isInvisibleText(" \n\u3000\u200b\u2060\ufeff")).toBe(true);
    // Found by a review: blank letters and marks with nothing to mark show nothing either.
    for (const blank of ["\u2800\u2800", "\u3164", "\uFE0F\uFE0F", "\u034F", "\u0301"]) expect(isInvisibleText(blank)).toBe(true);
    expect(isInvisibleText("e\u0301")).toBe(false);
    expect(isInvisibleText("\u200bA")).toBe(false);
  });
});
