// Shapes of the site's authored content. Content modules export `Localized<...>` values; only
// loaders import them, so long texts never reach the client bundle.
// Any string may contain the placeholder {siteName}; it is replaced with the configured site name.
import type { Lang, Localized } from "~/lib/i18n/languages";

export type { Lang, Localized };

export interface Seo {
  /** <title> without the site name suffix. */
  title: string;
  /** meta description, 120-160 characters in English (shorter in ja/zh is fine). */
  description: string;
}

export interface TextSection {
  /** The section's anchor on its page (the same in every language), cited by the assistant. */
  id: string;
  title: string;
  content: string[];
}

/** Spec "Localised content page": title, subtitle, content paragraphs, sections. */
export interface TextPage {
  seo: Seo;
  title: string;
  subtitle: string;
  content: string[];
  sections: TextSection[];
}

import type { ProjectSlug } from "~/lib/portfolio";
import type { ServiceSlug } from "~/lib/service-catalog";

export type { ServiceSlug };

export interface HomeContent {
  seo: Seo;
  hero: {
    title: string;
    subtitle: string;
    /** The spec's sign-up link ("Get Started"), kept as a quieter line under the two calls to action. */
    cta: string;
    signupPrompt: string;
    /** Primary call to action: the contact page with the consultation service preselected. */
    consult: string;
    /** Secondary: the assistant on the Tax Consultation page. */
    ask: string;
    /** The composed product shot beside the text: a real question and the start of its answer. */
    showcase: {
      label: string;
      question: string;
      answer: string;
      sourcesLabel: string;
      source: string;
      cost: string;
      reviewed: string;
    };
  };
  intro: { title: string; paragraphs: string[] };
  services: {
    title: string;
    subtitle: string;
    /** Exactly three cards. */
    cards: { slug: ServiceSlug; title: string; description: string; cta: string }[];
  };
  logos: { title: string; subtitle: string };
  questions: {
    title: string;
    subtitle: string;
    /** Exactly three, each linking to the service page that answers it. */
    items: { slug: ServiceSlug; question: string }[];
  };
}

export interface AboutContent {
  seo: Seo;
  title: string;
  subtitle: string;
  /** Exactly four: 10+ years, 500+ projects, 200+ clients, 50+ team members (value is '10+' etc.). */
  stats: { value: string; label: string }[];
  story: { title: string; paragraphs: string[] };
  mission: { title: string; paragraphs: string[] };
  /** Exactly four. */
  values: { title: string; description: string }[];
}

export interface ServiceContent {
  slug: ServiceSlug;
  seo: Seo;
  /** As on /services and in the page heading: "Tax Consultation", ... */
  title: string;
  /** One or two sentences for the /services overview section. */
  summary: string;
  /** 3-5 bullet points for the /services section. */
  highlights: string[];
  /** The service page's intro text: 2-3 paragraphs. */
  intro: string[];
  /** Exactly five example questions, identical to the knowledge base's questions for this topic. */
  exemplaryQuestions: string[];
}

export interface ServicesIndexContent {
  seo: Seo;
  title: string;
  subtitle: string;
}

export type ArticleBlock =
  | { type: "p"; text: string }
  /** `id` is the heading's anchor (the same in every language), cited by the assistant. */
  | { type: "h2"; id: string; text: string }
  | { type: "ul"; items: string[] }
  | { type: "quote"; text: string };

export interface Article {
  id: string;
  seo: Seo;
  title: string;
  excerpt: string;
  category: string;
  /** Minutes. Article 1: 5. */
  readTime: number;
  author: string;
  authorRole: string;
  authorBio: string;
  /** ISO date, article 1: 2025-01-15. */
  date: string;
  /** ISO date of the last change to the page (its text or its title): the sitemap's lastmod and dateModified. */
  modified: string;
  /** Local path under /images/blog/ (1200×630 WebP, lib/pictures.ts). */
  image: string;
  /** The same picture at every width drawn, as an <img> srcset. */
  imageSrcSet: string;
  imageAlt: string;
  tags: string[];
  body: ArticleBlock[];
  /** Ids of the two related articles. */
  related: [string, string];
}

export interface BlogIndexContent {
  seo: Seo;
  title: string;
  subtitle: string;
  /** Exactly three paragraphs, containing {siteName}. */
  content: string[];
}

export type ContactService = "general" | "technology" | "security" | "consulting" | "web" | "support";

export interface ContactDetail {
  title: string;
  fact: string;
  details: string;
  description: string;
}

export interface ContactContent {
  seo: Seo;
  title: string;
  subtitle: string;
  /**
   * `fact` names the detail in plain words ("Phone number"), where the card's title is a call to
   * action ("Call Us"): the assistant's passage for it leads with it, so "what is your phone number?"
   * finds it (lib/ai/passages.server.ts).
   */
  contactInfo: {
    email: ContactDetail;
    phone: ContactDetail;
    address: ContactDetail;
  };
  businessHours: {
    title: string;
    /** Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sun closed, written naturally per language. */
    days: { name: string; hours: string }[];
  };
  form: {
    title: string;
    name: string;
    email: string;
    company: string;
    subject: string;
    message: string;
    service: string;
    submit: string;
    sending: string;
    successTitle: string;
    successText: string;
    sendAnother: string;
  };
  serviceOptions: { value: ContactService; label: string }[];
  websiteInfo: { name: string; slogan: string; mail: string; phone: string };
}

export type PortfolioCategory = "web" | "technology" | "security";

export interface CaseStudy {
  /** The client, described without naming it. */
  sector: string;
  size: string;
  countries: string;
  /** One or two paragraphs. */
  challenge: string[];
  /** Three to five steps. */
  approach: string[];
  /** Two to four results. */
  outcome: string[];
}

export interface PortfolioProject {
  id: number;
  /** The case study's path segment: /portfolio/<slug>. */
  slug: ProjectSlug;
  title: string;
  category: PortfolioCategory;
  description: string;
  /** Local path under /images/portfolio/ (800×500 WebP, lib/pictures.ts). */
  image: string;
  /** The same picture at every width drawn, as an <img> srcset. */
  imageSrcSet: string;
  imageAlt: string;
  technologies: string[];
  client: string;
  year: number;
  /** The service page of the team that did the work. */
  service: ServiceSlug;
  caseStudy: CaseStudy;
}

export interface PortfolioContent {
  seo: Seo;
  title: string;
  subtitle: string;
  projects: PortfolioProject[];
}

export interface Faq {
  question: string;
  answer: string;
}

export type { Lang as ContentLang };
