// The assistant's knowledge index: one MiniSearch (BM25) index per language over the passages of
// lib/ai/passages.server.ts, words split by lib/ai/segment.ts. Built at start-up from the content
// modules (well under a second, figures in docs/performance.md), so it never drifts from the pages.
// Ranking is MiniSearch's; this module only decides whether the best hits are worth citing.
import MiniSearch from "minisearch";
import { LANGS, type Lang } from "~/lib/i18n/languages";
import { collectPassages, type ContentVars, type Passage } from "./passages.server";
import { segmentWords } from "./segment";

/*
 * When the site can answer: the best passage scores at least `minScore`, and words the site never
 * uses carry at most `maxUnknown` of the question's weight (each word weighted by its inverse
 * document frequency). "What is the inheritance tax exemption?" shares "tax" and "exemption" with
 * the site, but "inheritance" weighs most and appears nowhere, so it is not answered from the site.
 * Per language, because scores and vocabularies differ (Chinese and Japanese words are short);
 * tuned on bench/retrieval-eval.json, figures in docs/performance.md ("knowledge retrieval").
 */
export const RELEVANCE: Record<Lang, { minScore: number; maxUnknown: number }> = {
  en: { minScore: 22, maxUnknown: 0.75 },
  ja: { minScore: 18, maxUnknown: 0.62 },
  zh: { minScore: 15, maxUnknown: 0.75 },
};
/** Further pages are cited only while they score at least this share of the best one. */
export const FOLLOWING_SHARE = 0.5;
export const MAX_CITED_PAGES = 4;

export interface Hit {
  passage: Passage;
  score: number;
}

export interface Retrieval {
  /** False when the site's content cannot answer the question (see RELEVANCE). */
  answerable: boolean;
  /** The best passage of each page, best first (up to MAX_CITED_PAGES; empty when unanswerable). */
  hits: Hit[];
  /** The best passage's score and the weight share of the question's words unknown to the site. */
  best: { score: number; unknown: number };
}

export interface KnowledgeIndex {
  readonly passageCount: number;
  /** Passages ranked for `question` in `lang`, best first. */
  search(question: string, lang: Lang, limit?: number): Hit[];
  /** The passages worth citing for `question`. */
  retrieve(question: string, lang: Lang): Retrieval;
}

interface LangIndex {
  search: MiniSearch<Passage>;
  /** Passages containing each word. */
  documentFrequency: Map<string, number>;
  size: number;
}

/** Builds the index over `passages` (default: everything the site publishes). */
export function buildKnowledgeIndex(vars: ContentVars, passages: Passage[] = collectPassages(vars)): KnowledgeIndex {
  const byId = new Map<string, Passage>();
  // Each passage is segmented once; MiniSearch then splits the stored words on spaces.
  const words = new Map<string, { title: string; text: string }>();
  const indexes = new Map<Lang, LangIndex>();
  for (const lang of LANGS) {
    indexes.set(lang, {
      search: new MiniSearch<Passage>({
        idField: "id",
        fields: ["title", "text"],
        storeFields: [],
        extractField: (doc, field) => (field === "id" ? doc.id : words.get(doc.id)?.[field as "title" | "text"] ?? ""),
        tokenize: (text) => text.split(" ").filter(Boolean),
        processTerm: (term) => term,
        searchOptions: { tokenize: (text) => segmentWords(text, lang), boost: { title: 2 }, combineWith: "OR" },
      }),
      documentFrequency: new Map(),
      size: 0,
    });
  }
  for (const passage of passages) {
    const index = indexes.get(passage.lang)!;
    const title = segmentWords(passage.title, passage.lang);
    const text = segmentWords(passage.text, passage.lang);
    byId.set(passage.id, passage);
    words.set(passage.id, { title: title.join(" "), text: text.join(" ") });
    for (const word of new Set([...title, ...text])) index.documentFrequency.set(word, (index.documentFrequency.get(word) ?? 0) + 1);
    index.size++;
    index.search.add(passage);
  }

  const search = (question: string, lang: Lang, limit = 20): Hit[] =>
    indexes
      .get(lang)!
      .search.search(question)
      .slice(0, limit)
      .map((result) => ({ passage: byId.get(String(result.id))!, score: result.score }));

  /** BM25's inverse document frequency; a word found in no passage gets the highest weight. */
  const idf = (index: LangIndex, word: string) => {
    const df = index.documentFrequency.get(word) ?? 0;
    return Math.log(1 + (index.size - df + 0.5) / (df + 0.5));
  };

  return {
    passageCount: passages.length,
    search,
    retrieve(question, lang) {
      const index = indexes.get(lang)!;
      const results = index.search.search(question);
      const top = results[0];
      if (!top) return { answerable: false, hits: [], best: { score: 0, unknown: 1 } };
      let total = 0;
      let unknown = 0;
      for (const word of new Set(segmentWords(question, lang))) {
        const weight = idf(index, word);
        total += weight;
        if (!index.documentFrequency.has(word)) unknown += weight;
      }
      const best = { score: top.score, unknown: total > 0 ? unknown / total : 1 };
      const { minScore, maxUnknown } = RELEVANCE[lang];
      if (best.score < minScore || best.unknown > maxUnknown) return { answerable: false, hits: [], best };
      const hits: Hit[] = [];
      const seen = new Set<string>();
      for (const result of results) {
        if (hits.length >= MAX_CITED_PAGES || result.score < top.score * FOLLOWING_SHARE) break;
        const passage = byId.get(String(result.id))!;
        if (seen.has(passage.url)) continue;
        seen.add(passage.url);
        hits.push({ passage, score: result.score });
      }
      return { answerable: true, hits, best };
    },
  };
}

const built = new Map<string, KnowledgeIndex>();

/** The index of the site's content with these placeholder values, built once per process. */
export function siteKnowledgeIndex(vars: ContentVars): KnowledgeIndex {
  const key = JSON.stringify(Object.entries(vars).sort(([a], [b]) => a.localeCompare(b)));
  let index = built.get(key);
  if (!index) {
    index = buildKnowledgeIndex(vars);
    built.set(key, index);
  }
  return index;
}
