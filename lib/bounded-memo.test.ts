import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("computes each key once, null answers included", () => {
    const computed: string[] = [];
    const memo = boundedMemo<string, string | null>(10, (key) => {
      computed.push(key);
      return key === "none" ? null : key.toUpperCase();
    });
    expect([memo("a"), memo("a"), memo("none"), memo("none")]).toEqual(["A", "A", null, null]);
    expect(computed).toEqual(["a", "none"]);
    expect(memo.size()).toBe(2);
  });

  it("starts over when full, so it never holds more than its limit", () => {
    const memo = boundedMemo<number, number>(3, (key) => key * 2);
    for (let i = 0; i < 3; i++) memo(i);
    expect(memo.size()).toBe(3);
    expect(memo(3)).toBe(6);
    expect(memo.size()).toBe(1);
  });
});
