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
    expect(isInvisibleText("\u200bA")).toBe(false);
  });
});
