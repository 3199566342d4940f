import { describe, expect, it } from "vitest";
import { courtesyOf } from "./courtesy";

describe("courtesyOf", () => {
  it("knows thanks, acknowledgements and goodbyes in the three languages, whatever the punctuation and case", () => {
    for (const text of [
      "Thanks",
      "thanks!",
      "Thank you.",
      "Thank you very much!!",
      "Ok, thanks",
      "OK 👍",
      "Got it, thank you",
      "Great, thanks a lot.",
      "Perfect",
      "Cheers",
      "Bye",
      "ありがとうございます。",
      "ありがとうございました！",
      "了解しました",
      "わかりました、ありがとう",
      "どうもありがとう",
      "谢谢",
      "谢谢！",
      "好的，谢谢您",
      "明白了",
      "非常感谢",
      "ｔｈａｎｋｓ",
      // Emoji carry invisible parts (a variation selector, a zero-width joiner): found by an attack, charged.
      "Thanks ❤️",
      "Thank you ☺️",
      "thanks‼️",
      "ありがとうございます🙇‍♂️",
      "Thanks for your help!",
      "Thank you so much for the help",
      "谢谢您的帮助",
      "感谢你的帮助！",
      "ご丁寧にありがとうございます",
      // Found by a second attack: charged.
      "Got it.",
      "thank u",
      "Thanks a bunch",
      "Understood, thanks",
      "Noted, thanks",
      "Thanks, that's helpful",
      "thank's",
      "Thank you so much for the detailed answer",
      "Cheers mate",
      "ok ok ok ok ok ok ok ok ok",
      "ありがとうございます！よく分かりました",
      "谢谢！我明白了",
    ]) {
      expect(courtesyOf(text), text).toBe("thanks");
    }
  });

  it("knows a greeting on its own", () => {
    for (const text of ["Hi", "Hello!", "hey there", "こんにちは", "你好", "您好！"]) expect(courtesyOf(text), text).toBe("greeting");
  });

  it("is null for anything that asks something, however polite", () => {
    for (const text of [
      "Thanks, and what about VAT in Japan?",
      "Thank you. How long does the documentation take?",
      "Hi, can you help me with transfer pricing?",
      "help",
      "Thanks, help me with VAT",
      "谢谢，帮助我申报增值税",
      "Thanks, that answer about VAT was helpful, and for Japan",
      "Understood, but what about transfer pricing",
      "我",
      "that",
      "ok?",
      "so",
      "What is a permanent establishment?",
      "ありがとうございます。では日本ではどうですか",
      "谢谢，那日本呢？",
      "你好，增值税怎么申报？",
      "本当に",
      "はい",
      "非常",
      "",
      "   ",
      "?",
    ]) {
      expect(courtesyOf(text), text).toBeNull();
    }
  });
});
