import type { Localized } from "../i18n/languages";
import type { ServiceSlug } from "../services";

/** One built-in answer. `answer` is Markdown limited to paragraphs, "- " lists, "1. " lists, **bold** and "### " headings. */
export interface KnowledgeEntry {
  question: string;
  answer: string;
}

/** Five entries per service, each written in all three languages. */
export type KnowledgeBase = Record<ServiceSlug, Localized<KnowledgeEntry>[]>;
