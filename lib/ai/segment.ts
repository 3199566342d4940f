// Word segmentation for the knowledge index (docs/architecture.md, "Data flow of an AI answer").
// English is split on letters and digits (a regular expression: Intl.Segmenter gives the same words
// for English and is about fifty times slower); Japanese and Chinese have no spaces between words,
// so they are split with Intl.Segmenter (ICU's dictionary-based word breaker, built into Node) in the
// text's language. The same function segments documents and questions, so both sides always agree
// on what a word is.
import { stemmer } from "stemmer";
import type { Lang } from "~/lib/i18n/languages";

// Function words and the verbs every question is phrased with ("what does it look like", "we want
// to know"): they say nothing about the topic. Kept short: BM25's inverse document frequency
// already discounts words found everywhere, but in a small site a filler word can be rare.
const STOPWORDS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(
    (
      "a an and are as at be been but by can could do does did for from had has have how i if in into is it its " +
      "me my no not of on or our shall should so than that the their them then there these they this to too us " +
      "was we were what when where which who whom why will with would you your yours about any also " +
      "am just actually really now like look looks want wants get gets got some much very ever still"
    ).split(" "),
  ),
  // Pure-hiragana tokens (particles, auxiliaries) are dropped separately; these are the rest.
  ja: new Set(["何", "こと", "もの", "場合", "ため", "よう", "方", "私", "弊社", "当社", "御社", "貴社"]),
  zh: new Set(
    (
      "的 了 吗 呢 吧 啊 是 在 和 与 及 或 我 我们 你 你们 您 他 她 它 这 那 这个 那个 哪些 什么 怎么 怎样 如何 " +
      "是否 可以 能 会 要 需要 有 没有 应 应该 就 都 也 还 对 把 被 给 为 为了 从 到 时 上 中 下 个 么 公司 " +
      "什么时候 得 该 去 吗"
    ).split(" "),
  ),
};

const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
/** A word written in kanji/hanzi only: its character pairs are added (see segmentWords). */
const HAN_ONLY = /^\p{Script=Han}+$/u;
/** English words: letters and digits, with an apostrophe inside ("arm's", "haven't"). */
const LATIN_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

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

/** The words of a text: dictionary words, and in Japanese and Chinese the character pairs. */
export interface Segmented {
  words: string[];
  pairs: string[];
}

function englishWords(text: string): string[] {
  const words: string[] = [];
  for (const match of normalizeText(text).matchAll(LATIN_WORD)) {
    // "arm's" → "arm": the possessive is not part of the word; "haven't" and its kind are function words.
    const word = match[0].replace(/['’]s$/u, "");
    if (STOPWORDS.en.has(word) || /n['’]t$/u.test(word)) continue;
    words.push(stemmer(word));
  }
  return words;
}

/**
 * The words of `text` in `lang` as index terms, split into dictionary words and character pairs:
 * normalised, word-like segments only, stopwords (and in Japanese pure-hiragana function words)
 * removed, English words reduced to their Porter stem ("invoicing" and "invoices" → "invoic").
 * Latin words in a Japanese or Chinese text ("VAT", "SOC 2") are kept as words. Japanese and
 * Chinese also get the character pairs of each run of kanji/hanzi content words: the dictionary
 * splits a compound differently in different contexts ("源泉徴収税" vs "源泉税", "网课" vs "网 课"),
 * and the pairs still match. A run ends at a function word or particle, so "周末上班吗" gives
 * "末上" but no pair with "吗".
 */
export function segment(text: string, lang: Lang): Segmented {
  if (lang === "en") return { words: englishWords(text), pairs: [] };
  const stop = STOPWORDS[lang];
  const words: string[] = [];
  const pairs: string[] = [];
  let run = "";
  const flush = () => {
    for (let i = 0; i + 2 <= run.length; i++) pairs.push(run.slice(i, i + 2));
    run = "";
  };
  for (const part of segmenter(lang).segment(normalizeText(text))) {
    const word = part.segment;
    if (!part.isWordLike || stop.has(word) || (lang === "ja" && HIRAGANA_ONLY.test(word))) {
      flush();
      continue;
    }
    words.push(word);
    if (HAN_ONLY.test(word)) run += word;
    else flush();
  }
  flush();
  // Pairs that are words of their own are already there.
  const known = new Set(words);
  return { words, pairs: pairs.filter((pair) => !known.has(pair) && !stop.has(pair)) };
}

/** All index terms of `text`: its words, then its character pairs (see segment). */
export function segmentWords(text: string, lang: Lang): string[] {
  const { words, pairs } = segment(text, lang);
  return pairs.length ? [...words, ...pairs] : words;
}
