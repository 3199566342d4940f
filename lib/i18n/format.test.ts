import { describe, expect, it } from "vitest";
import { formatParts } from "./format";

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
