// Word segmentation for the knowledge index (docs/architecture.md, "Data flow of an AI answer").
// Japanese and Chinese have no spaces between words, so text is split with Intl.Segmenter (ICU's
// dictionary-based word breaker, built into Node) in the text's language; the same function
// segments documents and questions, so both sides always agree on what a word is.
import { stemmer } from "stemmer";
import type { Lang } from "~/lib/i18n/languages";

// Function words that say nothing about the topic. Kept short: BM25's inverse document frequency
// already discounts words found everywhere.
const STOPWORDS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(
    (
      "a an and are as at be been but by can could do does did for from had has have how i if in into is it its " +
      "me my no not of on or our shall should so than that the their them then there these they this to too us " +
      "was we were what when where which who whom why will with would you your yours about any also"
    ).split(" "),
  ),
  // Pure-hiragana tokens (particles, auxiliaries) are dropped separately; these are the rest.
  ja: new Set(["何", "こと", "もの", "場合", "ため", "よう", "方", "私", "弊社", "当社", "御社", "貴社"]),
  zh: new Set(
    (
      "的 了 吗 呢 吧 啊 是 在 和 与 及 或 我 我们 你 你们 您 他 她 它 这 那 这个 那个 哪些 什么 怎么 怎样 如何 " +
      "是否 可以 能 会 要 需要 有 没有 应 应该 就 都 也 还 对 把 被 给 为 为了 从 到 时 上 中 下 个 吗 么 公司"
    ).split(" "),
  ),
};

const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/** Runs of kanji/hanzi and katakana long enough to hold more than one word. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Katakana}ー]{3,}/gu;

const segmenters = new Map<Lang, Intl.Segmenter>();
function segmenter(lang: Lang): Intl.Segmenter {
  let found = segmenters.get(lang);
  if (!found) {
    found = new Intl.Segmenter(lang, { granularity: "word" });
    segmenters.set(lang, found);
  }
  return found;
}

/** NFKC (full-width Latin and digits become ASCII), lower case. */
export function normalizeText(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/**
 * The words of `text` in `lang` as index terms: normalised, word-like segments only, stopwords
 * (and in Japanese pure-hiragana function words) removed, English words reduced to their Porter
 * stem ("invoicing" and "invoices" → "invoic"). Latin words in a Japanese or Chinese text ("VAT",
 * "SOC 2") are kept as words. Japanese and Chinese also get the character pairs of each kanji/hanzi
 * or katakana run: the dictionary splits a compound differently in different contexts ("源泉徴収税"
 * vs "源泉税"), and the pairs still match.
 */
export function segmentWords(text: string, lang: Lang): string[] {
  const stop = STOPWORDS[lang];
  const words: string[] = [];
  for (const part of segmenter(lang).segment(normalizeText(text))) {
    if (!part.isWordLike) continue;
    // "arm's" → "arm": the possessive is not part of the word.
    const word = part.segment.replace(/['’]s$/u, "");
    if (!word || stop.has(word)) continue;
    if (lang === "ja" && HIRAGANA_ONLY.test(word)) continue;
    words.push(lang === "en" ? stemmer(word) : word);
  }
  if (lang !== "en") {
    // Pairs that are words of their own are already there.
    const known = new Set(words);
    for (const run of normalizeText(text).match(CJK_RUN) ?? []) {
      for (let i = 0; i + 2 <= run.length; i++) {
        const pair = run.slice(i, i + 2);
        if (!stop.has(pair) && !known.has(pair)) words.push(pair);
      }
    }
  }
  return words;
}
