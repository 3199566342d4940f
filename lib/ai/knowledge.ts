// Looks up the built-in knowledge base: the assistant's answers to the twenty example questions,
// used when no model is configured. A question matches when it equals an example question after
// normalising (see normalizeQuestion), in any of the three languages; the answer is given in the
// requested language.
import type { Lang } from "../i18n/languages";
import type { ServiceSlug } from "../services";
import { SERVICE_SLUGS } from "../services";
import { KNOWLEDGE_BASE } from "./knowledge-base";
import type { KnowledgeBase } from "./knowledge-base-types";

/**
 * Unicode NFKC (full-width letters and punctuation become their ASCII forms), trimmed, runs of
 * whitespace collapsed to one space, lower case, trailing question marks (? and ？) removed.
 */
export function normalizeQuestion(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\s+/gu, " ")
    .trim()
    .toLowerCase()
    .replace(/[?？\s]+$/u, "");
}

export interface KnowledgeAnswer {
  topic: ServiceSlug;
  /** The example question in the requested language. */
  question: string;
  answer: string;
}

/**
 * The built-in answer for `question`, or null. The page's own topic is searched first, then the
 * other three (an example question pasted on another service page is still one we know).
 */
export function findKnowledgeAnswer(
  topic: ServiceSlug,
  question: string,
  lang: Lang,
  base: KnowledgeBase = KNOWLEDGE_BASE,
): KnowledgeAnswer | null {
  const wanted = normalizeQuestion(question);
  if (!wanted) return null;
  const order = [topic, ...SERVICE_SLUGS.filter((slug) => slug !== topic)];
  for (const slug of order) {
    for (const entry of base[slug]) {
      const matches = Object.values(entry).some((localized) => normalizeQuestion(localized.question) === wanted);
      if (matches) {
        const localized = entry[lang] ?? entry.en;
        return { topic: slug, question: localized.question, answer: localized.answer };
      }
    }
  }
  return null;
}
