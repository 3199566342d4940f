import { describe, expect, it } from "vitest";
import { foundNothing, foundSomething } from "./found-nothing";

const reply = { status: "answered", source: "knowledge_base", creditsSpent: 0, question: "What is the capital of Peru?" };

describe("foundNothing", () => {
  it("is a free reply from the site's material to a question", () => {
    expect(foundNothing(reply)).toBe(true);
  });

  it("is not an answer that was charged, a model's answer, a reply to thanks, or a question without a reply", () => {
    expect(foundNothing({ ...reply, creditsSpent: 1 })).toBe(false);
    expect(foundNothing({ ...reply, source: "model" })).toBe(false);
    expect(foundNothing({ ...reply, question: "Thanks!" })).toBe(false);
    expect(foundNothing({ ...reply, status: "failed" })).toBe(false);
  });
});

describe("foundSomething", () => {
  it("is a thread with at least one reply that found something, whatever came after it", () => {
    const answered = { ...reply, creditsSpent: 1, question: "What is VAT?" };
    expect(foundSomething([reply])).toBe(false);
    // A reply to thanks asked nothing, so it closes nothing (as before: foundNothing is false for it).
    expect(foundSomething([{ ...reply, question: "Thanks!" }])).toBe(true);
    expect(foundSomething([answered, reply])).toBe(true);
    expect(foundSomething([{ ...answered, status: "failed" }, reply])).toBe(false);
  });
});
