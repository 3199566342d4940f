// Text made storable (a model's answer) and text that shows nothing.
import { describe, expect, it } from "vitest";
import { isInvisibleText, isStorableText, multiLineString, toStorableText } from "./storable-text";

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

describe("multiLineString", () => {
  const field = multiLineString("invalid_type");
  it("keeps line breaks and tabs, with a CRLF as one LF", () => {
    expect(field.parse("Dear team,\r\n\tVAT question\nThanks")).toBe("Dear team,\n\tVAT question\nThanks");
    // Pasted from Word (a vertical tab), a PDF (a form feed) or another program's line separators.
    expect(field.parse("one\u000btwo\fthree\u2028four\u2029five\u0085six\rseven")).toBe("one\ntwo\nthree\nfour\nfive\nsix\nseven");
    expect(field.parse("税務 😀 مرحبا")).toBe("税務 😀 مرحبا");
  });

  // Found by an attacker: a one-line field refused them, a message, a question or an admin's reason
  // stored them, and the inbox, the ledger and the member's export showed the text reordered.
  it("refuses other control characters and the bidirectional overrides, embeddings and isolates", () => {
    for (const sneaky of ["m\u001bx", "bell\u0007", "del\u007f", "VAT\u202eregistration", "a\u2066b", "unit\u001fsep"]) {
      const result = field.safeParse(sneaky);
      expect(result.success, JSON.stringify(sneaky)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("invalid_characters");
    }
  });
});
