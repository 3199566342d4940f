import type { Localized } from "~/lib/i18n/languages";
import type { ServiceSlug } from "~/lib/service-catalog";

/** One built-in answer. `answer` is Markdown limited to paragraphs, "- " lists, "1. " lists, **bold** and "### " headings. */
export interface KnowledgeEntry {
  question: string;
  answer: string;
}

/** Five entries per service, each written in all three languages. */
export type KnowledgeBase = Record<ServiceSlug, Localized<KnowledgeEntry>[]>;
