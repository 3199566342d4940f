// The assistant's knowledge index: one MiniSearch (BM25) index per language over the passages of
// lib/ai/passages.server.ts, words split by lib/ai/segment.ts. Built from the content modules in
// steps once the server listens (well under a second, figures in docs/performance.md), so it never
// drifts from the pages.
// Ranking is MiniSearch's; this module only decides whether the best hits are worth citing.
import { setImmediate } from "node:timers";
import MiniSearch from "minisearch";
import { LANGS, type Lang } from "~/lib/i18n/languages";
import { localePath, splitLangPath } from "~/lib/i18n/paths";
import { collectPassages, type ContentVars, type Passage } from "./passages.server";
import { questionTerms } from "./query-expansion";
import { segmentWords } from "./segment";

/*
 * When the site can answer: the best passage scores at least `minScore`, and words the site never
 * uses carry at most `maxUnknown` of the question's weight (each word weighted by its inverse
 * document frequency). "What is the inheritance tax exemption?" shares "tax" and "exemption" with
 * the site, but "inheritance" weighs most and appears nowhere, so it is not answered from the site.
 * Per language, because scores and vocabularies differ (Chinese and Japanese words are short);
 * tuned on bench/retrieval-eval.json, figures in docs/performance.md ("knowledge retrieval").
 * Known limit: BM25 scores grow with the number of words asked, so a very short question ("Where
 * is your office?") can fall under `minScore`. A score divided by the question's IDF weight was
 * tried; on the evaluation it left narrower margins between the two groups, so it was not kept.
 */
export const RELEVANCE: Record<Lang, { minScore: number; maxUnknown: number }> = {
  en: { minScore: 30, maxUnknown: 0.7 },
  ja: { minScore: 19, maxUnknown: 0.55 },
  zh: { minScore: 30, maxUnknown: 0.71 },
};
/** Further pages are cited only while they score at least this share of the best one. */
export const FOLLOWING_SHARE = 0.5;
export const MAX_CITED_PAGES = 4;
/** An answer quotes two passages or more when the site has a second one above the relevance threshold. */
export const MIN_CITED = 2;

export interface Hit {
  passage: Passage;
  score: number;
}

export interface Retrieval {
  /** False when the site's content cannot answer the question (see RELEVANCE). */
  answerable: boolean;
  /** The best passage of each cited URL, best first (two to MAX_CITED_PAGES where the site has them; empty when unanswerable). */
  hits: Hit[];
  /** The best passage's score and the weight share of the question's words unknown to the site. */
  best: { score: number; unknown: number };
}

export interface KnowledgeIndex {
  readonly passageCount: number;
  /** Passages ranked for `question` in `lang`, best first. */
  search(question: string, lang: Lang, limit?: number): Hit[];
  /**
   * The passages worth citing for `question`, in `lang`; `earlier` are the questions of its thread
   * before it, oldest first; `writtenIn` the language they are written in, when not `lang`.
   */
  retrieve(question: string, lang: Lang, options?: { earlier?: readonly string[]; writtenIn?: Lang }): Retrieval;
}

interface LangIndex {
  search: MiniSearch<Passage>;
  /** Passages containing each term (word or character pair). */
  documentFrequency: Map<string, number>;
  size: number;
}

type Field = "title" | "page" | "text";
const FIELDS: Field[] = ["title", "page", "text"];

/*
 * How the fields count: a word of the passage's own title (the knowledge-base question, the
 * section heading) says most about what it answers; the page title ("Tax Consultation") is context
 * shared by every passage of the page. Character pairs (see segment.ts) only back up the
 * dictionary words, so they weigh less. BM25 parameters: MiniSearch's defaults (other values and
 * splitting the knowledge-base answers into their sections changed no ranking on the evaluation).
 */
export const FIELD_BOOST: Record<Field, number> = { title: 2, page: 0.5, text: 1 };
export const PAIR_BOOST = 0.5;
/** Words added by the thesaurus (lib/ai/query-expansion.ts) weigh half a word of the question. */
export const EXPANSION_BOOST = 0.5;
/**
 * A follow-up is searched with its thread's earlier questions ("And the deadline?" names its subject
 * only there): the latest weighs this share of a word of the follow-up, each one before it this share
 * again. Chosen on bench/retrieval-followups.json (0.25, 0.35, 0.5 tried; at 0.5 a change of subject,
 * "can you also connect a tax engine to our ERP?", stayed on the earlier one).
 */
export const CONTEXT_BOOST = 0.35;

/** Builds the index over `passages` (default: everything the site publishes). */
export function buildKnowledgeIndex(vars: ContentVars, passages: Passage[] = collectPassages(vars)): KnowledgeIndex {
  const builder = indexBuilder();
  for (const passage of passages) builder.add(passage);
  return builder.index();
}

/** How long the index is built before requests get the thread back (buildKnowledgeIndexInSteps). */
export const BUILD_STEP_MS = 5;

/**
 * The same index, built a few passages at a time: after each BUILD_STEP_MS of work the event loop
 * serves what is waiting. The whole build is about 0.4 s of CPU, which a server starting in one
 * block made every restart wait for (docs/performance.md, "Restarts").
 */
export async function buildKnowledgeIndexInSteps(vars: ContentVars, passages: Passage[] = collectPassages(vars)): Promise<KnowledgeIndex> {
  const builder = indexBuilder();
  let stepStarted = performance.now();
  for (const passage of passages) {
    builder.add(passage);
    if (performance.now() - stepStarted >= BUILD_STEP_MS) {
      // node:timers' own setImmediate: a test's fake timers must not hold the build back.
      await new Promise((resolve) => setImmediate(resolve));
      stepStarted = performance.now();
    }
  }
  return builder.index();
}

function indexBuilder() {
  const byId = new Map<string, Passage>();
  // Each passage is segmented once; MiniSearch then splits the stored terms on spaces.
  const terms = new Map<string, Record<Field, string>>();
  const indexes = new Map<Lang, LangIndex>();
  for (const lang of LANGS) {
    indexes.set(lang, {
      search: new MiniSearch<Passage>({
        idField: "id",
        fields: FIELDS,
        storeFields: [],
        extractField: (doc, field) => (field === "id" ? doc.id : terms.get(doc.id)?.[field as Field] ?? ""),
        tokenize: (text) => text.split(" ").filter(Boolean),
        processTerm: (term) => term,
        searchOptions: { tokenize: (text) => text.split(" ").filter(Boolean), boost: FIELD_BOOST, combineWith: "OR" },
      }),
      documentFrequency: new Map(),
      size: 0,
    });
  }
  const add = (passage: Passage) => {
    const index = indexes.get(passage.lang)!;
    const fields = {
      title: segmentWords(passage.title, passage.lang),
      page: segmentWords(passage.page, passage.lang),
      text: segmentWords(passage.text, passage.lang),
    };
    byId.set(passage.id, passage);
    terms.set(passage.id, { title: fields.title.join(" "), page: fields.page.join(" "), text: fields.text.join(" ") });
    for (const term of new Set([...fields.title, ...fields.text])) index.documentFrequency.set(term, (index.documentFrequency.get(term) ?? 0) + 1);
    index.size++;
    index.search.add(passage);
  };
  return { add, index: () => searchable(byId, indexes) };
}

/** The index's searches over what the builder added. */
function searchable(byId: Map<string, Passage>, indexes: Map<Lang, LangIndex>): KnowledgeIndex {
  const ranked = (question: string, lang: Lang, earlier: readonly string[] = []) => {
    const { words, pairs, expansion } = questionTerms(question, lang);
    // Each term's weight: the question's own words count fully, its character pairs and the
    // thesaurus's words less, an earlier question's terms less again (the highest weight wins when
    // a term is several).
    const weight = new Map<string, number>();
    const put = (terms: string[], w: number) => {
      for (const term of terms) weight.set(term, Math.max(weight.get(term) ?? 0, w));
    };
    const putAll = (terms: ReturnType<typeof questionTerms>, boost: number) => {
      put(terms.expansion.pairs, PAIR_BOOST * EXPANSION_BOOST * boost);
      put(terms.expansion.words, EXPANSION_BOOST * boost);
      put(terms.pairs, PAIR_BOOST * boost);
      put(terms.words, boost);
    };
    earlier.forEach((before, i) => putAll(questionTerms(before, lang), CONTEXT_BOOST ** (earlier.length - i)));
    putAll({ words, pairs, expansion }, 1);
    const own = new Set([...words, ...pairs, ...expansion.words, ...expansion.pairs]);
    const results = indexes
      .get(lang)!
      .search.search([...weight.keys()].join(" "), { boostTerm: (term) => weight.get(term) ?? 1 });
    return { words, via: expansion.via, results, own };
  };

  const search = (question: string, lang: Lang, limit = 20): Hit[] =>
    ranked(question, lang)
      .results.slice(0, limit)
      .map((result) => ({ passage: byId.get(String(result.id))!, score: result.score }));

  /** BM25's inverse document frequency; a word found in no passage gets the highest weight. */
  const idf = (index: LangIndex, word: string) => {
    const df = index.documentFrequency.get(word) ?? 0;
    return Math.log(1 + (index.size - df + 0.5) / (df + 0.5));
  };
  /** A word the site uses, as a word or (a kanji/hanzi compound) through all its character pairs. */
  const known = (index: LangIndex, word: string) => {
    if (index.documentFrequency.has(word)) return true;
    if (word.length < 3 || !/^\p{Script=Han}+$/u.test(word)) return false;
    for (let i = 0; i + 2 <= word.length; i++) if (!index.documentFrequency.has(word.slice(i, i + 2))) return false;
    return true;
  };

  return {
    passageCount: byId.size,
    search,
    retrieve(question, lang, { earlier = [], writtenIn = lang } = {}) {
      const found = worthCiting(question, writtenIn, earlier);
      // Weighed less, the earlier questions can leave a short follow-up ("And how is it documented?")
      // under the threshold: then the thread's questions are searched as one, unless the follow-up's
      // own words are ones the site never uses ("And the weather in Paris?").
      const retrieval =
        found.answerable || earlier.length === 0 || found.best.unknown > RELEVANCE[writtenIn].maxUnknown
          ? found
          : worthCiting([...earlier, question].join("\n"), writtenIn, []);
      return writtenIn === lang ? retrieval : inLanguage(retrieval, lang);
    },
  };

  /**
   * The same passages in another language: the site publishes each page in all three, passage for
   * passage (passages.server.ts numbers them per page in the same order), so a question written in
   * Japanese on the English page finds the Japanese passages and cites their English versions.
   */
  function inLanguage(retrieval: Retrieval, lang: Lang): Retrieval {
    if (!retrieval.answerable) return retrieval;
    const hits: Hit[] = [];
    for (const hit of retrieval.hits) {
      const [, url, n] = /^[a-z]+:(.*)#(\d+)$/.exec(hit.passage.id) ?? [];
      const twin = url === undefined ? undefined : byId.get(`${lang}:${localePath(lang, splitLangPath(url).path)}#${n}`);
      if (twin) hits.push({ passage: twin, score: hit.score });
    }
    return hits.length > 0 ? { ...retrieval, hits } : { answerable: false, hits: [], best: retrieval.best };
  }

  /** retrieve() with the earlier questions weighed less than the question. */
  function worthCiting(question: string, lang: Lang, earlier: readonly string[]): Retrieval {
    const index = indexes.get(lang)!;
    const { words, via, results: ranking, own } = ranked(question, lang, earlier);
    // A follow-up's passages must share a term with the follow-up itself, the best one first: the
    // earlier questions only choose among them, so "How long does that take?" is not answered from
    // their subject alone, nor from another subject that happens to say "take".
    const ownTerm = (result: (typeof ranking)[number]) => result.queryTerms.some((term) => own.has(term));
    const results = earlier.length === 0 ? ranking : ranking[0] && ownTerm(ranking[0]) ? ranking.filter(ownTerm) : [];
    let total = 0;
    let unknown = 0;
    for (const word of new Set(words)) {
      const weight = idf(index, word);
      total += weight;
      if (!known(index, word) && !(via.get(word) ?? []).some((synonym) => known(index, synonym))) unknown += weight;
    }
    const top = results[0];
    const best = { score: top?.score ?? 0, unknown: total > 0 ? unknown / total : 1 };
    if (!top) return { answerable: false, hits: [], best };
    const { minScore, maxUnknown } = RELEVANCE[lang];
    if (best.score < minScore || best.unknown > maxUnknown) return { answerable: false, hits: [], best };
    const hits: Hit[] = [];
    const seen = new Set<string>();
    for (const result of results) {
      if (hits.length >= MAX_CITED_PAGES) break;
      // A second passage is quoted when it would answer on its own; further ones while they stay close to the best.
      if (result.score < (hits.length < MIN_CITED ? minScore : top.score * FOLLOWING_SHARE)) break;
      const passage = byId.get(String(result.id))!;
      if (seen.has(passage.url)) continue;
      seen.add(passage.url);
      hits.push({ passage, score: result.score });
    }
    return { answerable: true, hits, best };
  }
}

const built = new Map<string, Promise<KnowledgeIndex>>();

/** The index of the site's content with these placeholder values, built (in steps) once per process. */
export function siteKnowledgeIndex(vars: ContentVars): Promise<KnowledgeIndex> {
  const key = JSON.stringify(Object.entries(vars).sort(([a], [b]) => a.localeCompare(b)));
  let index = built.get(key);
  if (!index) {
    index = buildKnowledgeIndexInSteps(vars);
    built.set(key, index);
    // A failed build is not kept: the next question tries again.
    index.catch(() => built.delete(key));
  }
  return index;
}
