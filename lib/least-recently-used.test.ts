import { describe, expect, it } from "vitest";
import { leastRecentlyUsed } from "./least-recently-used";

describe("leastRecentlyUsed", () => {
  it("finds the entry with the lowest count, whatever the map's order", () => {
    const map = new Map([
      ["b", { used: 5 }],
      ["a", { used: 2 }],
      ["c", { used: 9 }],
    ]);
    expect(leastRecentlyUsed(map, (value) => value.used)).toEqual(["a", { used: 2 }]);
  });

  it("finds nothing in an empty map", () => {
    expect(leastRecentlyUsed(new Map<string, { used: number }>(), (value) => value.used)).toBeUndefined();
  });
});
