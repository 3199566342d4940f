// The messages sent to the model: a system prompt per service page, then the member's question.
// The prompt is in English (models follow English instructions most reliably) and tells the model
// which language to answer in, so the answer matches the page's language. When the knowledge index
// found passages of the site for the question, they follow as numbered excerpts the model answers
// from and cites as [1], [2]; otherwise the model says its answer is not based on the site.
import type { Lang } from "~/lib/i18n/languages";
import type { ServiceSlug } from "~/lib/service-catalog";
import { charactersPerWord, condense, wordCount, type Source } from "./compose";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

const TOPICS: Record<ServiceSlug, { service: string; focus: string }> = {
  "tax-consultation": {
    service: "Tax Consultation",
    focus:
      "corporate and international tax: transfer pricing, VAT, GST and consumption tax, permanent establishment risk, R&D tax incentives, withholding tax on royalties and services, and tax treaties",
  },
  "technology-solutions": {
    service: "Technology Solutions (tax technology)",
    focus:
      "tax technology: e-invoicing mandates, real-time transaction reporting, tax engines and ERP integration, automating VAT returns, country-by-country reporting and Pillar Two data",
  },
  "security-services": {
    service: "Security Services (security for tax data)",
    focus:
      "protecting tax and financial data: data protection, access control and segregation of duties for tax systems, SOC 2 and ISO/IEC 27001, incident response, data residency and cross-border transfers",
  },
  "custom-software-development": {
    service: "Custom Software Development (software for tax teams)",
    focus:
      "building software for tax teams: tax calculation services, royalty tracking platforms, integrations with tax authority APIs, migrating from spreadsheets and legacy tools, and testing tax software",
  },
};

const LANGUAGE_NAMES: Record<Lang, string> = {
  en: "English",
  ja: "Japanese (日本語, polite です/ます style)",
  zh: "Simplified Chinese (简体中文)",
};

/** Built once per page, language and site name: it does not depend on the question. */
const systemPrompts = new Map<string, string>();

export function systemPrompt(topic: ServiceSlug, lang: Lang, siteName: string): string {
  const key = `${topic}\n${lang}\n${siteName}`;
  let prompt = systemPrompts.get(key);
  if (prompt === undefined) {
    prompt = buildSystemPrompt(topic, lang, siteName);
    // Bounded by the pages × languages × site names a process ever sees (one site name).
    systemPrompts.set(key, prompt);
  }
  return prompt;
}

function buildSystemPrompt(topic: ServiceSlug, lang: Lang, siteName: string): string {
  const { service, focus } = TOPICS[topic];
  const language = LANGUAGE_NAMES[lang];
  return [
    `You are the AI tax assistant on the "${service}" page of ${siteName}, a firm offering global tax consultation, tax technology, security for tax data and custom software for tax teams.`,
    `You answer questions about ${focus}. If a question is unrelated to tax, tax technology or these services, say briefly that you can only help with those topics.`,
    `Always answer in ${language}, whatever language the question is written in.`,
    "Give general, practical information in 150 to 400 words: explain the principle, the points to check and typical next steps. Rules differ between countries; when the answer depends on the country, say so and name the main differences you know. Do not invent figures, deadlines or rates you are not sure of.",
    "You are not a lawyer or a licensed tax adviser, and your answer is not legal or tax advice and comes with no guarantee. End with one short sentence saying so and suggesting that the reader confirm the details with a qualified professional for their situation.",
    "Format the answer in simple Markdown only: short paragraphs, lists starting with '- ' or '1. ', **bold** for key terms and '### ' headings. No tables, no links, no HTML.",
  ].join("\n\n");
}

/** The excerpts together stay within about this many tokens, whatever was found. */
export const CONTEXT_TOKEN_BUDGET = 1200;

/** A rough token count: about 1.4 tokens per English word, one per Japanese or Chinese character. */
export function estimateTokens(text: string, lang: Lang): number {
  return lang === "en" ? Math.ceil(wordCount(text, lang) * 1.4) : text.replace(/\s+/gu, "").length;
}

/**
 * The numbered excerpts (each cut to an equal share of CONTEXT_TOKEN_BUDGET, keeping the sentences
 * closest to the question) and the instructions to answer from them; or, with no excerpts, the
 * instruction to say the answer is general.
 */
export function contextPrompt(input: { lang: Lang; question: string; siteName: string; sources: Source[] }): string {
  const { lang, question, siteName, sources } = input;
  if (sources.length === 0) {
    return `None of ${siteName}'s published material matches this question. You may answer it generally, but begin with one sentence saying that this answer is not based on ${siteName}'s published material, and do not use citation markers.`;
  }
  // Tokens to the budget's "words" of condense(): English words are ~1.4 tokens; a ja/zh character
  // about one token, and a word three Japanese or two Chinese characters (wordCount in compose.ts).
  const share = Math.floor(CONTEXT_TOKEN_BUDGET / sources.length);
  const words = lang === "en" ? Math.floor(share / 1.4) : Math.floor(share / charactersPerWord(lang));
  const excerpts = sources.map(
    (source, i) => `[${i + 1}] ${source.title} (${source.url})\n${condense(source.text, question, lang, words, [source.title])}`,
  );
  return [
    `Below are numbered excerpts from ${siteName}'s published material that match the question. Answer from them: use the facts they give, cite each excerpt you use with its marker, such as [1] or [2], right after the sentence that uses it, and do not cite anything else. If the excerpts do not cover part of the question, say so rather than inventing details.`,
    ...excerpts,
  ].join("\n\n");
}

export function buildMessages(input: {
  topic: ServiceSlug;
  lang: Lang;
  question: string;
  siteName: string;
  /** Passages of the site for the question, best first; omitted: no context at all. */
  sources?: Source[];
  /** The earlier questions and answers of the thread, oldest first (a follow-up question). */
  earlier?: { question: string; answer: string }[];
}): ChatMessage[] {
  const system = systemPrompt(input.topic, input.lang, input.siteName);
  const content = input.sources === undefined ? system : `${system}\n\n${contextPrompt({ ...input, sources: input.sources })}`;
  return [
    { role: "system", content },
    ...(input.earlier ?? []).flatMap(({ question, answer }): ChatMessage[] => [
      { role: "user", content: question },
      { role: "assistant", content: answer },
    ]),
    { role: "user", content: input.question },
  ];
}
