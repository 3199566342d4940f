// The messages sent to the model: a system prompt per service page, then the member's question.
// The prompt is in English (models follow English instructions most reliably) and tells the model
// which language to answer in, so the answer matches the page's language.
import type { Lang } from "../i18n/languages";
import type { ServiceSlug } from "../services";

export interface ChatMessage {
  role: "system" | "user";
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

export function systemPrompt(topic: ServiceSlug, lang: Lang, siteName: string): string {
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

export function buildMessages(input: { topic: ServiceSlug; lang: Lang; question: string; siteName: string }): ChatMessage[] {
  return [
    { role: "system", content: systemPrompt(input.topic, input.lang, input.siteName) },
    { role: "user", content: input.question },
  ];
}
