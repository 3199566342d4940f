// The answer written without a model (docs/architecture.md, "Data flow of an AI answer"): one
// sentence saying where it comes from, then the best passages of the site, condensed to the
// sentences that share most words with the question (about 250 words in all), each marked [n] for
// the Sources list. A question the site cannot answer gets a short reply pointing to the contact page.
import type { Lang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import type { Citation } from "~/lib/contracts/ai";
import { boundedMemo } from "~/lib/bounded-memo";
import { questionTerms } from "./query-expansion";
import type { Courtesy } from "./courtesy";
import { segmentWords } from "./segment";

/** The material an answer may quote: a page, its title and the passage that matched. */
export interface Source {
  title: string;
  url: string;
  text: string;
}

/** About 250 words; a Japanese or Chinese "word" is counted as two characters. */
export const ANSWER_WORD_BUDGET = 250;
/** At most four passages are quoted (the index gives two to four when the site has them). */
export const MAX_SOURCES = 4;

const INTRO: Record<Lang, string> = {
  en: "This answer is drawn from {siteName}'s published material; the pages it quotes are listed under Sources.",
  ja: "この回答は、{siteName}が公開している資料から該当する箇所をまとめたもので、引用元は「出典」に記載しています。",
  zh: "以下回答摘自{siteName}已发布的资料，所引用的页面列在“来源”中。",
};

const UNANSWERABLE: Record<Lang, string> = {
  en: "I could not find an answer to this question in {siteName}'s published material, and I would rather not guess. Please [contact our team]({contact}) and one of our consultants will help you.",
  ja: "ご質問への回答は、{siteName}が公開している資料の中に見つかりませんでした。推測でお答えすることは控えます。[お問い合わせページ]({contact})からご連絡いただければ、担当のコンサルタントがお答えします。",
  zh: "在{siteName}已发布的资料中没有找到这个问题的答案，我们不便凭猜测作答。请通过[联系我们]({contact})页面与我们联系，顾问会为您解答。",
};

/** The free reply to a follow-up whose answer would only repeat what its thread already quoted. */
const REPEATED: Record<Lang, string> = {
  en: "The answers above already hold what {siteName} has published on this; the material says nothing more about it. For your own situation, please [contact our team]({contact}) and one of our consultants will help you.",
  ja: "この点について{siteName}が公開している内容は、上の回答にすべて含まれており、資料にはそれ以上の記載がありません。ご自身のケースについては、[お問い合わせページ]({contact})からご連絡いただければ、担当のコンサルタントがお答えします。",
  zh: "关于这一点，{siteName}已发布的资料内容已全部包含在上面的回答中，资料中没有更多说明。如需针对您的具体情况进行解答，请通过[联系我们]({contact})页面与我们联系，顾问会为您解答。",
};

/** The free replies to a message that asks nothing (lib/ai/courtesy.ts). */
const COURTESY: Record<Courtesy, Record<Lang, string>> = {
  thanks: {
    en: "You're welcome. Ask another question whenever you like; a reply like this one costs no credit. For advice on your own situation, [contact our team]({contact}).",
    ja: "どういたしまして。ほかにご質問があれば、いつでもどうぞ。このような返信にはクレジットはかかりません。ご自身のケースについてのご相談は、[お問い合わせページ]({contact})からご連絡ください。",
    zh: "不客气。如有其他问题，欢迎随时提问；这样的回复不消耗积分。如需针对您具体情况的建议，请通过[联系我们]({contact})页面与我们联系。",
  },
  greeting: {
    en: "Hello. Ask me a question about tax or about {siteName}'s services, and I will answer from {siteName}'s published material. A reply like this one costs no credit.",
    ja: "こんにちは。税務や{siteName}のサービスについてご質問ください。{siteName}が公開している資料をもとにお答えします。このような返信にはクレジットはかかりません。",
    zh: "您好。请提出有关税务或{siteName}服务的问题，我会根据{siteName}已发布的资料为您解答。这样的回复不消耗积分。",
  },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** How many characters of Japanese or Chinese text count as one word of the budget (wordCount). */
export const charactersPerWord = (lang: Exclude<Lang, "en">): number => (lang === "ja" ? 3 : 2);

/**
 * Words of `text` for the budget: whitespace-separated in English; three characters in Japanese,
 * whose kana spell out what Chinese says in fewer characters, and two in Chinese. At two characters
 * a Japanese answer quoted about one sentence per source where Chinese and English quoted two or
 * three (found by a stranger's review).
 */
export function wordCount(text: string, lang: Lang): number {
  if (lang === "en") return text.split(/\s+/u).filter(Boolean).length;
  return Math.ceil(text.replace(/\s+/gu, "").length / charactersPerWord(lang));
}

/** A line that ends without a full stop (a list item, "Saturday: 9:00–16:00") gets one, so lines never run together. */
const STOP: Record<Lang, string> = { en: ".", ja: "。", zh: "。" };

function sentences(text: string, lang: Lang): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const closed = /[.!?。！？:：;；]$/u.test(line) ? line : line + STOP[lang];
      // A full stop ends a sentence only before a space (not in "20.42 %" or "e.g.") or, in
      // Japanese and Chinese, anywhere.
      return closed.split(/(?<=[.!?])\s+|(?<=[。！？])/u);
    })
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A sentence of a passage, its index terms (each once) and its length in budget words. */
interface Sentence {
  text: string;
  terms: readonly string[];
  words: number;
}

/**
 * Passages to the sentences condense() chooses from, per language. Segmenting them is most of
 * the work (Intl.Segmenter for Japanese and Chinese): done on every question, it cost 1-2.5 ms of
 * the serving thread per answer (docs/performance.md, AI section), and the texts are the site's own
 * passages, a few hundred, quoted again and again. Bounded all the same (lib/bounded-memo.ts).
 */
const PASSAGES_REMEMBERED = 1024;
const sentencesMemo = (lang: Lang) =>
  boundedMemo(PASSAGES_REMEMBERED, (text: string): readonly Sentence[] =>
    sentences(text, lang).map((sentence) => ({
      text: sentence,
      terms: [...new Set(segmentWords(sentence, lang))],
      words: wordCount(sentence, lang),
    })),
  );
const sentencesOf: Record<Lang, (text: string) => readonly Sentence[]> = {
  en: sentencesMemo("en"),
  ja: sentencesMemo("ja"),
  zh: sentencesMemo("zh"),
};

/** The question's words and the site's words for them (lib/ai/query-expansion.ts): "money back" quotes the refund sentence. */
function wantedTerms(question: string, lang: Lang): ReadonlySet<string> {
  const { words, pairs, expansion } = questionTerms(question, lang);
  return new Set([...words, ...pairs, ...expansion.words, ...expansion.pairs]);
}

/** The sentences of `text` that share most words with the question, in their order, within `budget`. */
export function condense(text: string, question: string, lang: Lang, budget: number, skip: string[] = []): string {
  const wanted = wantedTerms(question, lang);
  const candidates = sentencesOf[lang](text)
    .filter((sentence) => !skip.includes(sentence.text))
    .map((sentence, order) => {
      let overlap = 0;
      for (const term of sentence.terms) if (wanted.has(term)) overlap++;
      return { sentence: sentence.text, order, overlap, words: sentence.words };
    });
  // Sentences without a word of the question only when none has one (then from the beginning).
  const related = candidates.filter((c) => c.overlap > 0);
  const pool = related.length > 0 ? related : candidates;
  const chosen: typeof candidates = [];
  let used = 0;
  for (const candidate of [...pool].sort((a, b) => b.overlap - a.overlap || a.order - b.order)) {
    if (used + candidate.words > budget) continue;
    chosen.push(candidate);
    used += candidate.words;
  }
  if (chosen.length === 0 && candidates[0]) {
    // Even the best sentence is too long: quote its beginning.
    const first = candidates[0].sentence;
    const cut = lang === "en" ? first.split(/\s+/u).slice(0, budget).join(" ") : first.slice(0, budget * 2);
    return `${cut}…`;
  }
  return chosen
    .sort((a, b) => a.order - b.order)
    .map((c) => c.sentence)
    .join(lang === "en" ? " " : "");
}

/** The composed answer (Markdown) and its citations, in the order of `sources` (best first). */
export function composeAnswer(input: { question: string; lang: Lang; siteName: string; sources: Source[] }): {
  answer: string;
  citations: Citation[];
} {
  const { question, lang } = input;
  const sources = input.sources.slice(0, MAX_SOURCES);
  const intro = fill(INTRO[lang], { siteName: input.siteName });
  const headings = sources.map((source, i) => `**${source.title}** [${i + 1}]`);
  // The budget covers the whole answer: the intro and each source's heading line included.
  const left = ANSWER_WORD_BUDGET - wordCount(intro, lang) - headings.reduce((n, h) => n + wordCount(h, lang), 0);
  const budget = Math.max(20, Math.floor(left / Math.max(1, sources.length)));
  const parts = sources.map((source, i) => `${headings[i]}\n${condense(source.text, question, lang, budget, [source.title])}`);
  return {
    answer: [intro, ...parts].join("\n\n"),
    citations: sources.map(({ title, url }) => ({ title, url })),
  };
}

/**
 * Whether a composed answer only repeats what its thread's earlier answers already quoted: every
 * sentence it quotes (the intro and the sources' heading lines aside) is in one of them. A follow-up
 * such as "and in Japan?" that the site has nothing on finds the first question's passages again;
 * that reply answers nothing, so it is free like a question the site cannot answer.
 */
export function repeatsEarlier(answer: string, earlierAnswers: readonly string[], lang: Lang): boolean {
  if (earlierAnswers.length === 0) return false;
  const quoted = answer
    .split("\n\n")
    .slice(1)
    .flatMap((part) => sentences(part.split("\n").slice(1).join("\n"), lang))
    .map((sentence) => sentence.replace(/[.。]$/u, ""));
  return quoted.every((sentence) => earlierAnswers.some((earlier) => earlier.includes(sentence)));
}

/** The free reply to a follow-up that would only repeat its thread's answers (repeatsEarlier), with the contact page in its language. */
export function repeatedReply(lang: Lang, siteName: string): string {
  return fill(REPEATED[lang], { siteName, contact: localePath(lang, "/contact") });
}

/** The free reply to a question the site cannot answer, with the contact page in its language. */
export function unanswerableReply(lang: Lang, siteName: string): string {
  return fill(UNANSWERABLE[lang], { siteName, contact: localePath(lang, "/contact") });
}

/** The free reply to thanks or a greeting, with the contact page in its language. */
export function courtesyReply(kind: Courtesy, lang: Lang, siteName: string): string {
  return fill(COURTESY[kind][lang], { siteName, contact: localePath(lang, "/contact") });
}
