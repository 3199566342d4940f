// A message that asks nothing: thanks, an acknowledgement, a goodbye or a bare greeting. The
// assistant answers it itself, free, without the model or the site's material (lib/ai/ask.server.ts):
// "Thanks!" after an answer used to be sent to the model and charged a credit. Isomorphic.

export type Courtesy = "thanks" | "greeting";

// English, by word (an apostrophe splits one: "that's" is "that" and "s"): every word must be one of these, and one of them must say
// thanks or acknowledge (or greet). The fillers say nothing about a subject, so a message made of
// them and thanks can ask nothing.
const THANKS_WORDS = new Set([
  "thanks", "thank", "thx", "ty", "cheers", "appreciated", "ok", "okay", "great", "perfect", "bye", "goodbye",
  "got", "gotcha", "understood", "noted", "clear",
]);
const GREETING_WORDS = new Set(["hi", "hello", "hey"]);
const FILLER_WORDS = new Set([
  "you", "u", "very", "much", "so", "a", "lot", "bunch", "many", "it", "there", "all", "again", "and", "for", "your",
  "the", "help", "mate", "that", "s", "this", "was", "is", "really", "helpful", "detailed", "answer", "nice",
]);

// Japanese and Chinese, by phrase: the message must be made of these alone (longest first).
const THANKS_PHRASES = [
  "どうもありがとうございました",
  "どうもありがとうございます",
  "ありがとうございました",
  "ありがとうございます",
  "どうもありがとう",
  "ありがとう",
  "了解しました",
  "承知しました",
  "わかりました",
  "分かりました",
  "助かりました",
  "助かります",
  "了解です",
  "了解",
  "どうも",
  "非常感谢",
  "谢谢你们",
  "谢谢您",
  "谢谢你",
  "明白了",
  "知道了",
  "太好了",
  "谢谢",
  "多谢",
  "感谢",
  "好的",
  "收到",
  "再见",
];
// Words that go with thanks but say none on their own ("本当にありがとう", "よく分かりました", "谢谢您的帮助").
const FILLER_PHRASES = ["本当に", "とても", "はい", "ご丁寧に", "よく", "非常", "您的帮助", "你的帮助", "的帮助", "我"];
const GREETING_PHRASES = ["こんにちは", "こんばんは", "おはようございます", "はじめまして", "您好", "你好", "大家好"];
const PHRASES = [
  ...THANKS_PHRASES.map((p) => [p, "thanks"] as const),
  ...GREETING_PHRASES.map((p) => [p, "greeting"] as const),
  ...FILLER_PHRASES.map((p) => [p, null] as const),
].sort((a, b) => b[0].length - a[0].length);

/** What kind of courtesy `text` is, or null when it asks or says anything else. */
export function courtesyOf(text: string): Courtesy | null {
  const plain = text.normalize("NFKC").toLowerCase();
  // Punctuation, symbols and emoji (with their invisible selectors and joiners) say nothing; what is
  // left must be courtesy alone.
  const words = plain.split(/[\p{P}\p{S}\p{M}\p{Cf}\s]+/u).filter(Boolean);
  if (words.length === 0 || words.length > 16 || /[?？]/u.test(plain)) return null;
  if (words.every((word) => /^[a-z]+$/.test(word))) return englishCourtesy(words);
  return phraseCourtesy(words.join(""));
}

function englishCourtesy(words: string[]): Courtesy | null {
  let thanks = false;
  let greeting = false;
  for (const word of words) {
    if (THANKS_WORDS.has(word)) thanks = true;
    else if (GREETING_WORDS.has(word)) greeting = true;
    else if (!FILLER_WORDS.has(word)) return null;
  }
  return thanks ? "thanks" : greeting ? "greeting" : null;
}

function phraseCourtesy(text: string): Courtesy | null {
  let kind: Courtesy | null = null;
  let rest = text;
  while (rest.length > 0) {
    const found = PHRASES.find(([phrase]) => rest.startsWith(phrase));
    if (!found) return null;
    if (found[1] === "thanks" || (found[1] === "greeting" && kind === null)) kind = found[1];
    rest = rest.slice(found[0].length);
  }
  return kind;
}
