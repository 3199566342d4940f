// Everything the firm publishes, as passages for the assistant's knowledge index: built from the
// same content modules the pages render (content, lib/catalog.ts, the knowledge base), so an
// answer can only quote what the site says. `.server` keeps the long texts out of the client bundle.
import { about } from "~/content/about";
import { articles } from "~/content/blog";
import { contact } from "~/content/contact";
import { cookies, privacy, terms } from "~/content/legal";
import { checkout } from "~/content/messages/checkout";
import { pricingMessages } from "~/content/messages/pricing";
import { services } from "~/content/services";
import type { ContactDetail, TextPage } from "~/content/types";
import { formatUsd, PACKAGES } from "~/lib/catalog";
import { labelled, listed } from "~/lib/i18n/punctuation";
import { fillContent, format } from "~/lib/i18n/format";
import { LANGS, type Lang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import { SERVICE_SLUGS } from "~/lib/service-catalog";
import { KNOWLEDGE_BASE } from "./knowledge-base";

export interface Passage {
  /** Stable within one build of the index: "<lang>:<url>#<n>". */
  id: string;
  lang: Lang;
  /** Site path in the passage's language, with an anchor where the page has one for it. */
  url: string;
  /** The page (and section) title shown in the Sources list. */
  title: string;
  /** The page's own title ("Tax Consultation", "Terms of Service"): context for the words of `title`. */
  page: string;
  /** Plain text, one paragraph or list item a line; headings are in `title`, not repeated here. */
  text: string;
}

/** Values of the content placeholders ({siteName}, {contactEmail}, ...), as the pages fill them. */
export type ContentVars = Record<string, string>;

/** Markdown markers removed, so passages read as plain sentences. */
function plain(markdown: string, lang: Lang): string {
  const colon = lang === "en" ? ": " : "：";
  return markdown
    // A heading of an answer ("Documentation") is not a sentence of it, but says what the lines under
    // it are about: it leads the next line ("Documentation: Many jurisdictions require …"), so a
    // question in its words ("how is it documented?") finds and quotes them.
    .replace(/^#{1,6}\s+(.*)\n+(?:\s*(?:[-*]|\d+\.)\s+)?/gmu, (_, heading: string) => heading + colon)
    .replace(/\*\*(.+?)\*\*/gu, "$1")
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gmu, "")
    .trim();
}

type Draft = Omit<Passage, "id" | "lang">;

function passagesIn(lang: Lang, vars: ContentVars): Draft[] {
  const out: Draft[] = [];
  const at = (path: string) => localePath(lang, path);
  const add = (path: string, page: string, title: string, text: string) => {
    const body = text.trim();
    if (body) out.push({ url: at(path), page, title, text: body });
  };

  // The twenty answers of the knowledge base, under the service page that lists their questions.
  for (const slug of SERVICE_SLUGS) {
    const page = services[lang][slug];
    add(`/services/${slug}`, page.title, page.title, [page.summary, ...page.highlights, ...page.intro].join("\n"));
    for (const entry of KNOWLEDGE_BASE[slug]) {
      const { question, answer } = entry[lang];
      add(`/services/${slug}`, page.title, question, plain(answer, lang));
    }
  }

  for (const article of articles[lang]) {
    let heading: string | null = null;
    let anchor: string | null = null;
    let lines: string[] = [article.excerpt];
    const flush = () => {
      const title = heading ? labelled(lang, article.title, heading) : article.title;
      add(anchor ? `/blog/${article.id}#${anchor}` : `/blog/${article.id}`, article.title, title, lines.join("\n"));
    };
    for (const block of article.body) {
      if (block.type === "h2") {
        flush();
        heading = block.text;
        anchor = block.id;
        lines = [];
      } else if (block.type === "ul") lines.push(...block.items);
      else lines.push(block.text);
    }
    flush();
  }

  const a = about[lang];
  add("/about", a.title, a.title, [a.subtitle, ...a.stats.map((s) => `${s.value} ${s.label}`)].join("\n"));
  add("/about#about-story", a.title, labelled(lang, a.title, a.story.title), a.story.paragraphs.join("\n"));
  add("/about#about-mission", a.title, labelled(lang, a.title, a.mission.title), a.mission.paragraphs.join("\n"));
  add("/about#about-values", a.title, a.title, a.values.map((v) => labelled(lang, v.title, v.description)).join("\n"));

  const p = pricingMessages[lang];
  for (const pkg of PACKAGES) {
    const credits = format(p.credits, { count: pkg.credits });
    add(
      `/pricing#package-${pkg.id}`,
      p.seoTitle,
      labelled(lang, p.seoTitle, pkg.name[lang]),
      [
        labelled(lang, pkg.name[lang], listed(lang, [formatUsd(pkg.priceCents), credits, p.oneTime])),
        format(p.perCredit, { price: formatUsd(Math.round(pkg.priceCents / pkg.credits)) }),
        // The checkout's plain line ("Buy the Pro package: 100 credits for $50"), not the package's
        // sales line: that one names tax topics ("a withholding rate, a treaty article") and was
        // cited, for a credit, as the source of a tax answer it does not give.
        format(checkout[lang].seoDescription, { name: pkg.name[lang], credits: pkg.credits, price: formatUsd(pkg.priceCents) }),
        ...pkg.features[lang],
      ].join("\n"),
    );
  }
  add("/pricing", p.seoTitle, p.seoTitle, [p.title, p.tagline, p.seoDescription].join("\n"));
  // The credit terms (expiry, refunds, tax, team use) are answered by the pricing FAQ.
  for (const item of p.faq) add(`/pricing#${item.id}`, p.seoTitle, labelled(lang, p.faqTitle, item.question), item.answer);

  const c = contact[lang];
  // A detail the site is not configured with (the embedded defaults set none) is not on the contact
  // page, and not quoted here: "Phone number:" with nothing after it, for a credit.
  const configured = (info: ContactDetail) => format(info.details, vars).trim() !== "";
  const details = Object.values(c.contactInfo).filter(configured);
  add(
    "/contact#business-hours",
    c.title,
    labelled(lang, c.title, c.businessHours.title),
    // The phone line's hours under its own label: alone, they read as the weekdays said twice.
    [
      ...c.businessHours.days.map((d) => labelled(lang, d.name, d.hours)),
      ...(configured(c.contactInfo.phone) ? [labelled(lang, c.contactInfo.phone.title, c.contactInfo.phone.description)] : []),
    ].join("\n"),
  );
  add(
    "/contact",
    c.title,
    c.title,
    [
      c.subtitle,
      ...details.map((info) => labelled(lang, info.title, `${info.details} ${info.description}`)),
      labelled(lang, c.form.service, c.serviceOptions.map((o) => o.label).join(lang === "en" ? ", " : "、")),
    ].join("\n"),
  );

  // Each detail on its own, led by its plain name: a short question ("what is your phone number?")
  // scored under the threshold against the card titles' calls to action (docs/performance.md,
  // "knowledge retrieval").
  for (const info of details) {
    add("/contact", c.title, labelled(lang, c.title, info.fact), [labelled(lang, info.fact, info.details), labelled(lang, info.title, info.description)].join("\n"));
  }

  const legal: [string, TextPage][] = [
    ["/privacy", privacy[lang]],
    ["/terms", terms[lang]],
    ["/cookies", cookies[lang]],
  ];
  for (const [path, page] of legal) {
    add(path, page.title, page.title, [page.subtitle, ...page.content].join("\n"));
    for (const section of page.sections) {
      add(`${path}#${section.id}`, page.title, labelled(lang, page.title, section.title), section.content.join("\n"));
    }
  }
  return out;
}

/** Every passage in every language, placeholders filled. */
export function collectPassages(vars: ContentVars): Passage[] {
  const all: Passage[] = [];
  for (const lang of LANGS) {
    const counts = new Map<string, number>();
    for (const passage of fillContent(passagesIn(lang, vars), vars)) {
      const n = (counts.get(passage.url) ?? 0) + 1;
      counts.set(passage.url, n);
      all.push({ ...passage, lang, id: `${lang}:${passage.url}#${n}` });
    }
  }
  return all;
}
