// The public site in a real browser, in English, Japanese and Chinese: every page answers and shows
// its heading, the portfolio filters and dialog, the blog (related links, share), the contact form
// (stored, mailed, validated, spam guard, rate limit, without JavaScript, a member's confirmation), the cookie consent on
// /cookies and /terms, the pricing page, sitemap and robots, internal links and accessibility.
import { copyrightLine } from "~/app/page-helpers/copyright";
import { axeViolations, expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { about } from "~/content/about";
import { articles, blogIndex } from "~/content/blog";
import { contact } from "~/content/contact";
import { home } from "~/content/home";
import { cookies, privacy, terms } from "~/content/legal";
import { blogMessages } from "~/content/messages/blog";
import { common } from "~/content/messages/common";
import { contactMessages } from "~/content/messages/contact";
import { consent } from "~/content/messages/consent";
import { portfolioMessages } from "~/content/messages/portfolio";
import { pricingMessages } from "~/content/messages/pricing";
import { publicPages } from "~/content/messages/public";
import { portfolio } from "~/content/portfolio";
import { services, servicesIndex } from "~/content/services";
import { creditPriceCents, formatUsd, PACKAGES } from "~/lib/catalog";
import { CONTACT_TEXT } from "~/lib/contact-inbox.server";
import { format } from "~/lib/i18n/format";
import type { Lang } from "~/lib/i18n/languages";
import { PUBLIC_PAGES } from "~/app/page-helpers/public-pages";
import { FIELD_ERRORS } from "~/lib/contracts/field-errors";
import { SERVICE_SLUGS, type ServiceSlug } from "~/lib/service-catalog";
import { adminSession, expect, signInPage, signUpViaApi, test, waitForHydration } from "./fixtures";

// The longest file of the run, and its tests share no state: they are spread over the workers
// (each worker has servers of its own, tests/e2e/server-sets.ts).
test.describe.configure({ mode: "parallel" });

const LANGS: Lang[] = ["en", "ja", "zh"];
const SITE_NAME = "TaxAtlas";
const CONTACT_EMAIL = "contact@taxatlas.test";
const LEGAL_NAME = "TaxAtlas Advisory Ltd.";
const url = (lang: Lang, path: string) => (lang === "en" ? path : path === "/" ? `/${lang}` : `/${lang}${path}`);
const fill = (text: string) => format(text, { siteName: SITE_NAME });

/** The h1 each public page shows, from the same content the pages render. */
function expectedHeading(lang: Lang, path: string): string {
  const article = /^\/blog\/(\d+)$/.exec(path)?.[1];
  if (article) return articles[lang].find((a) => a.id === article)!.title;
  const project = /^\/portfolio\/(.+)$/.exec(path)?.[1];
  if (project) return portfolio[lang].projects.find((p) => p.slug === project)!.title;
  const slug = /^\/services\/(.+)$/.exec(path)?.[1];
  if (slug) return services[lang][slug as ServiceSlug].title;
  const headings: Record<string, string> = {
    "/": home[lang].hero.title,
    "/about": about[lang].title,
    "/services": servicesIndex[lang].title,
    "/portfolio": portfolio[lang].title,
    "/blog": blogIndex[lang].title,
    "/contact": contact[lang].title,
    "/pricing": pricingMessages[lang].title,
    "/privacy": privacy[lang].title,
    "/terms": terms[lang].title,
    "/cookies": cookies[lang].title,
  };
  return fill(headings[path]!);
}

const hydrated = waitForHydration;

/** Stores a consent choice so the banner does not cover the page. */
async function dismissBanner(page: Page, lang: Lang = "en") {
  await hydrated(page);
  await page.getByTestId("cookie-banner").getByRole("button", { name: consent[lang].rejectAll }).click();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
}

const OG_LOCALES = { en: "en_US", ja: "ja_JP", zh: "zh_CN" } as const;

/** A title's width in a search result: a wide (Japanese, Chinese) character takes two Latin ones' room. */
const titleWidth = (title: string) => [...title].reduce((width, char) => width + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1), 0);

test.describe("every public page", () => {
  for (const lang of LANGS) {
    test(`answers 200 with its heading, title, description, canonical and alternates (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const path of PUBLIC_PAGES) {
        const target = url(lang, path);
        const response = await page.goto(target);
        expect(response?.status(), target).toBe(200);
        await expect(page.getByRole("heading", { level: 1 }), target).toHaveText(expectedHeading(lang, path));
        await expect(page.locator("h1"), target).toHaveCount(1);
        await expect(page, target).toHaveTitle(new RegExp(SITE_NAME));
        // A search result shows about 60 Latin characters of a title (found by an audit: five English
        // titles and three Japanese ones ran past it).
        expect(titleWidth(await page.title()), target).toBeLessThanOrEqual(60);
        await expect(page.locator('meta[name="description"]'), target).toHaveAttribute("content", /.{40,}/);
        const origin = new URL(page.url()).origin;
        await expect(page.locator('link[rel="canonical"]'), target).toHaveAttribute("href", origin + target);
        await expect(page.locator('link[rel="alternate"][hreflang]'), target).toHaveCount(4);
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]'), target).toHaveAttribute("href", origin + path);
        await expect(page.locator('meta[property="og:title"]'), target).toHaveCount(1);
        // Open Graph's locales are language_TERRITORY (found by a stranger: "zh_Hans").
        await expect(page.locator('meta[property="og:locale"]'), target).toHaveAttribute("content", OG_LOCALES[lang]);
        await expect(page.locator('meta[property="og:locale:alternate"]'), target).toHaveCount(2);
        await expect(page.locator('meta[name="twitter:card"]'), target).toHaveCount(1);
      }
    });
  }

  test("public pages are cacheable and their text is in the server's HTML", async ({ request }) => {
    for (const lang of LANGS) {
      for (const path of ["/about", "/portfolio", "/blog/1", "/contact", "/privacy", "/pricing"]) {
        const response = await request.get(url(lang, path));
        expect(response.status()).toBe(200);
        expect(response.headers()["cache-control"]).toContain("public");
        const html = await response.text();
        expect(html).toContain(`>${expectedHeading(lang, path).replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}</h1>`);
      }
    }
  });

  test("an unknown blog article is a 404 page in every language", async ({ page }) => {
    for (const lang of LANGS) {
      const response = await page.goto(url(lang, "/blog/999"));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(common[lang].notFound.title);
    }
  });
});

test.describe("about and services", () => {
  for (const lang of LANGS) {
    test(`about shows the four stats, story, mission and four values (${lang})`, async ({ page }) => {
      await page.goto(url(lang, "/about"));
      const stats = page.getByTestId("about-stats");
      for (const value of ["10+", "500+", "200+", "50+"]) await expect(stats.getByText(value, { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: about[lang].story.title })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: about[lang].mission.title })).toBeVisible();
      for (const value of about[lang].values) await expect(page.getByRole("heading", { level: 3, name: value.title })).toBeVisible();
      await expect(page.getByTestId("contact-prompt").getByRole("link", { name: common[lang].contactPrompt.button })).toHaveAttribute(
        "href",
        url(lang, "/contact"),
      );
    });

    test(`services has four sections, each with Learn More to its page (${lang})`, async ({ page }) => {
      await page.goto(url(lang, "/services"));
      await expect(page.getByTestId("service-section")).toHaveCount(4);
      const links = page.getByTestId("service-learn-more");
      await expect(links).toHaveCount(4);
      for (const [i, slug] of SERVICE_SLUGS.entries()) {
        await expect(links.nth(i)).toHaveAttribute("href", url(lang, `/services/${slug}`));
        await expect(links.nth(i)).toHaveText(publicPages[lang].services.learnMore);
        await expect(page.getByRole("heading", { level: 2, name: services[lang][slug].title, exact: true })).toBeVisible();
      }
    });
  }
});

test.describe("portfolio", () => {
  test("filters: All shows 6, each category its share", async ({ page }) => {
    await page.goto("/portfolio");
    await hydrated(page);
    const cards = page.getByTestId("project-card");
    const filters = page.getByTestId("portfolio-filters");
    await expect(cards).toHaveCount(6);
    for (const category of ["web", "technology", "security"] as const) {
      const expected = portfolio.en.projects.filter((p) => p.category === category).length;
      expect(expected).toBeGreaterThan(0);
      const button = filters.getByRole("button", { name: portfolioMessages.en.filters[category], exact: true });
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      await expect(cards).toHaveCount(expected);
      for (const badge of await page.getByTestId("project-category").allTextContents()) {
        expect(badge).toBe(portfolioMessages.en.filters[category]);
      }
      await expect(page.getByTestId("portfolio-count")).toHaveText(format(portfolioMessages.en.showing, { count: expected, total: 6 }));
    }
    await filters.getByRole("button", { name: portfolioMessages.en.filters.all, exact: true }).click();
    await expect(cards).toHaveCount(6);
  });

  test("cards show image with size, badge, title, two-line description, 3 technologies then +N more, year and links", async ({ page }) => {
    await page.goto("/portfolio");
    const cards = page.getByTestId("project-card");
    for (const [i, project] of portfolio.en.projects.entries()) {
      const card = cards.nth(i);
      const img = card.locator("img");
      await expect(img).toHaveAttribute("width", "800");
      await expect(img).toHaveAttribute("height", "500");
      await expect(img).toHaveAttribute("src", project.image);
      await expect(img).toHaveAttribute("srcset", project.imageSrcSet);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(project.title);
      await expect(card.locator("p.line-clamp-2")).toHaveText(project.description);
      const techs = card.getByTestId("project-technologies").locator("li");
      const extra = project.technologies.length - 3;
      await expect(techs).toHaveCount(Math.min(3, project.technologies.length) + (extra > 0 ? 1 : 0));
      if (extra > 0) await expect(card.getByTestId("project-more")).toHaveText(`+${extra} more`);
      await expect(card.getByTestId("project-year")).toContainText(String(project.year));
      await expect(card.getByRole("link", { name: `Read the case study: ${project.title}` })).toHaveAttribute("href", `/portfolio/${project.slug}`);
      await expect(card.getByRole("link", { name: /View Live|View Code/ })).toHaveCount(0);
    }
  });

  test("the details dialog closes with Escape, the close button and the backdrop, trapping and returning focus", async ({ page }) => {
    await page.goto("/portfolio");
    await dismissBanner(page);
    const project = portfolio.en.projects[0]!;
    const trigger = page.getByRole("button", { name: `View Details: ${project.title}` });
    const dialog = page.getByTestId("project-dialog");

    const open = async () => {
      await trigger.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(project.title);
      await expect(dialog.getByTestId("project-dialog-client")).toHaveText(project.client);
      await expect(dialog.getByTestId("project-dialog-year")).toHaveText(String(project.year));
      await expect(dialog.getByTestId("project-dialog-technologies").locator("li")).toHaveText(project.technologies);
      await expect(page.getByTestId("project-dialog-close")).toBeFocused();
    };
    const expectClosed = async () => {
      await expect(dialog).toHaveCount(0);
      await expect(trigger).toBeFocused();
    };

    // Escape
    await open();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expectClosed();

    // The close button
    await open();
    await page.getByTestId("project-dialog-close").click();
    await expectClosed();

    // The backdrop (outside the dialog box)
    await open();
    const box = (await dialog.boundingBox())!;
    await page.mouse.click(Math.max(2, box.x / 2), Math.max(2, box.y / 2));
    await expectClosed();

    // Keyboard only: Enter opens, Escape closes, focus is back on the card's button.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expectClosed();
  });

  test("the portfolio is translated", async ({ page }) => {
    await page.goto("/ja/portfolio");
    await hydrated(page);
    await expect(page.getByTestId("portfolio-filters").getByRole("button")).toHaveText(
      (["all", "web", "technology", "security"] as const).map((f) => portfolioMessages.ja.filters[f]),
    );
    await expect(page.getByTestId("project-card").first().getByRole("link", { name: new RegExp(portfolioMessages.ja.readCaseStudy) })).toHaveAttribute(
      "href",
      `/ja/portfolio/${portfolio.ja.projects[0]!.slug}`,
    );
  });

  for (const lang of LANGS) {
    test(`every card opens its case study: client, challenge, approach, technologies, outcome, contact; axe clean (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      const t = portfolioMessages[lang].caseStudy;
      for (const [i, project] of portfolio[lang].projects.entries()) {
        await page.goto(url(lang, "/portfolio"));
        if (i === 0) await dismissBanner(page, lang);
        await page.getByTestId("project-card").nth(i).getByTestId("project-case-study").click();
        await expect(page).toHaveURL(new RegExp(`${url(lang, `/portfolio/${project.slug}`)}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.title);
        const client = page.getByTestId("case-client");
        for (const value of [project.caseStudy.sector, project.caseStudy.size, project.caseStudy.countries]) {
          await expect(client.getByText(value, { exact: true })).toBeVisible();
        }
        await expect(client).not.toContainText(project.client);
        await expect(page.getByRole("heading", { level: 2, name: t.challenge, exact: true })).toBeVisible();
        await expect(page.getByTestId("case-approach").getByTestId("case-step")).toHaveText(project.caseStudy.approach);
        await expect(page.getByTestId("case-outcome").locator("li")).toHaveText(project.caseStudy.outcome);
        await expect(page.getByTestId("case-technologies").locator("li")).toHaveText(project.technologies);
        await expect(page.getByTestId("case-contact")).toHaveAttribute("href", url(lang, "/contact"));
        await expectNoAxeViolations(page, project.slug);
      }
    });
  }

  test("an unknown case study is a 404 page", async ({ page }) => {
    const response = await page.goto("/portfolio/no-such-project");
    expect(response?.status()).toBe(404);
  });
});

test.describe("blog", () => {
  for (const lang of LANGS) {
    test(`the index shows three paragraphs with the site name and links to every article (${lang})`, async ({ page }) => {
      await page.goto(url(lang, "/blog"));
      const paragraphs = page.getByTestId("blog-intro").locator("p");
      await expect(paragraphs).toHaveCount(3);
      for (const text of await paragraphs.allTextContents()) {
        expect(text).toContain(SITE_NAME);
        expect(text).not.toContain("{siteName}");
      }
      for (const article of articles[lang]) {
        await expect(page.getByRole("link", { name: article.title })).toHaveAttribute("href", url(lang, `/blog/${article.id}`));
      }
    });
  }

  test("article 1: hero image, category, 5 min read, author, 2025-01-15, tags, author box, related 2 and 3", async ({ page }) => {
    await page.goto("/blog/1");
    const article = articles.en.find((a) => a.id === "1")!;
    await expect(page.getByTestId("article-hero")).toHaveAttribute("src", article.image);
    await expect(page.getByTestId("article-hero")).toHaveAttribute("srcset", article.imageSrcSet);
    await expect(page.getByTestId("article-category")).toContainText(article.category);
    await expect(page.getByTestId("article-read-time")).toHaveText("5 min read");
    await expect(page.getByTestId("article-author")).toHaveText(`By ${article.author}`);
    await expect(page.getByTestId("article-date")).toHaveAttribute("datetime", "2025-01-15");
    await expect(page.getByTestId("article-date")).toHaveText("January 15, 2025");
    await expect(page.getByTestId("article-tags").locator("li")).toHaveText(article.tags);
    await expect(page.getByTestId("author-box")).toContainText(article.author);
    await expect(page.getByTestId("author-box")).toContainText(fill(article.authorBio));
    const related = page.getByTestId("related-link");
    await expect(related).toHaveCount(2);
    await expect(related.nth(0)).toHaveAttribute("href", "/blog/2");
    await expect(related.nth(1)).toHaveAttribute("href", "/blog/3");
    // JSON-LD Article with the publication date.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = jsonLd.map((t) => JSON.parse(t)).find((d) => d["@type"] === "Article");
    expect(data).toMatchObject({ headline: article.title, datePublished: "2025-01-15", author: { name: article.author } });
    // The body is text, never raw HTML.
    expect(await page.getByTestId("article-body").locator("script, iframe").count()).toBe(0);
  });

  test("related links: 2 → 1 and 3, 3 → 1 and 2, and they navigate (ja, zh dates localised)", async ({ page }) => {
    await page.goto("/ja/blog/2");
    await expect(page.getByTestId("related-link")).toHaveCount(2);
    await expect(page.getByTestId("related-link").nth(0)).toHaveAttribute("href", "/ja/blog/1");
    await expect(page.getByTestId("related-link").nth(1)).toHaveAttribute("href", "/ja/blog/3");
    await page.getByTestId("related-link").nth(1).click();
    await expect(page).toHaveURL(/\/ja\/blog\/3$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(articles.ja.find((a) => a.id === "3")!.title);
    await expect(page.getByTestId("related-link").nth(0)).toHaveAttribute("href", "/ja/blog/1");
    await expect(page.getByTestId("related-link").nth(1)).toHaveAttribute("href", "/ja/blog/2");
    await page.goto("/zh/blog/1");
    await expect(page.getByTestId("article-date")).toHaveText("2025年1月15日");
    await expect(page.getByTestId("article-read-time")).toHaveText(format(blogMessages.zh.readTime, { minutes: 5 }));
  });

  test("share without the Web Share API copies the link and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.goto("/blog/1");
    await dismissBanner(page);
    await page.getByTestId("share-button").click();
    await expect(page.getByTestId("share-status")).toHaveText(publicPages.en.share.copied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL("/blog/1", page.url()).href);
  });

  test("share with the Web Share API hands over title and link", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      (window as unknown as { __shares: ShareData[] }).__shares = calls;
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => {
          calls.push(data);
        },
        configurable: true,
      });
    });
    await page.goto("/zh/blog/2");
    await dismissBanner(page, "zh");
    await page.getByTestId("share-button").click();
    await expect(page.getByTestId("share-status")).toHaveText(publicPages.zh.share.shared);
    const shares = await page.evaluate(() => (window as unknown as { __shares: ShareData[] }).__shares);
    expect(shares).toEqual([expect.objectContaining({ title: articles.zh.find((a) => a.id === "2")!.title, url: new URL("/zh/blog/2", page.url()).href })]);
  });
});

test.describe("contact", () => {
  const form = contact.en.form;
  const subjectOf = (tag: string) => `Question ${tag} ${Date.now().toString(36)}`;

  async function fillForm(page: Page, values: Partial<Record<"name" | "email" | "company" | "subject" | "message", string>>) {
    for (const [field, value] of Object.entries(values)) await page.locator(`#contact-${field}`).fill(value);
  }
  const complete = (subject: string) => ({
    name: "Grace Hopper",
    email: "grace@example.test",
    company: "Navy Labs",
    subject,
    message: "We need help with VAT registration in Japan.",
  });

  async function storedSubjects(): Promise<string[]> {
    const admin = await adminSession();
    const response = await fetch(`${process.env.E2E_BASE_URL}/api/v1/admin/messages?pageSize=100`, {
      headers: { Authorization: `Bearer ${admin.token}`, Accept: "application/json" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { messages: { subject: string }[] };
    return body.messages.map((m) => m.subject);
  }

  test("shows the contact details, business hours and the form with its defaults", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByTestId("contact-card-email")).toContainText(CONTACT_EMAIL);
    await expect(page.getByTestId("contact-card-email").getByRole("link")).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
    // No phone or address is configured for the test server: those cards are hidden, not empty.
    await expect(page.getByTestId("contact-card-phone")).toHaveCount(0);
    await expect(page.getByTestId("contact-card-address")).toHaveCount(0);
    const hours = page.getByTestId("business-hours");
    for (const day of contact.en.businessHours.days) {
      await expect(hours).toContainText(day.name);
      await expect(hours).toContainText(day.hours);
    }
    await expect(hours).toContainText("8:00 AM - 6:00 PM");
    await expect(hours).toContainText("9:00 AM - 4:00 PM");
    await expect(page.locator("#contact-message")).toHaveAttribute("rows", "6");
    await expect(page.locator("#contact-service")).toHaveValue("general");
    await expect(page.locator("#contact-service option")).toHaveText(contact.en.serviceOptions.map((o) => o.label));
    await expect(page.locator("#contact-company")).not.toHaveAttribute("required", "");
  });

  for (const lang of LANGS) {
    test(`the legal name is on the contact page, the Terms and in the footer's translated copyright (${lang})`, async ({ page }) => {
      const firm = common[lang].firm;
      const year = new Date().getFullYear();
      await page.goto(url(lang, "/contact"));
      await expect(page.getByTestId("firm-details")).toContainText(format(firm.operatedBy, { siteName: SITE_NAME, legalName: LEGAL_NAME }));
      await expect(page.getByRole("contentinfo")).toContainText(copyrightLine(common[lang].footer.copyright, year, LEGAL_NAME));
      await expect(page.getByTestId("footer-legal-name")).toHaveText(LEGAL_NAME);

      await page.goto(url(lang, "/terms"));
      const details = page.getByTestId("firm-details");
      await expect(details.getByTestId("firm-legal-name")).toHaveText(LEGAL_NAME);
      await expect(details.getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
      // No phone or address is configured: left out, not shown empty.
      await expect(details).not.toContainText(firm.phone);
      await expect(details).not.toContainText(firm.address);
      await expect(page.locator("article")).toContainText(LEGAL_NAME);
    });
  }

  test("happy path: disabled while sending, success panel, stored, mailed, Send Another Message empties the form", async ({ page, app }) => {
    const subject = subjectOf("happy");
    await page.goto("/contact");
    await dismissBanner(page);
    await fillForm(page, complete(subject));
    await page.locator("#contact-service").selectOption("security");
    // Hold the submission briefly so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const submit = page.getByTestId("contact-submit");
    await submit.click();
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    await expect(submit).toHaveText(form.sending);
    release();
    const success = page.getByTestId("contact-success");
    await expect(success).toBeVisible();
    await expect(success.getByRole("heading")).toHaveText("Message Sent Successfully!");
    await expect(success).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");

    expect(await storedSubjects()).toContain(subject);
    await expect
      .poll(async () => (await app.mails()).filter((m) => m.to.includes(CONTACT_EMAIL) && m.subject.includes(subject)).length)
      .toBe(1);

    await success.getByRole("link", { name: form.sendAnother }).click();
    await expect(page.getByTestId("contact-form")).toBeVisible();
    for (const field of ["name", "email", "company", "subject", "message"]) await expect(page.locator(`#contact-${field}`)).toHaveValue("");
    await expect(page.locator("#contact-service")).toHaveValue("general");
  });

  test("keyboard: the submit button keeps the focus while sending, and a second Enter sends nothing more", async ({ page }) => {
    // A disabled button drops the focus to the page's body: the busy button is aria-disabled instead,
    // and the form itself ignores a second submission while the first is on its way.
    const subject = subjectOf("keyboard");
    await page.goto("/contact");
    await dismissBanner(page);
    await fillForm(page, complete(subject));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") {
        posts += 1;
        await held;
      }
      await route.continue().catch(() => undefined);
    });
    const submit = page.getByTestId("contact-submit");
    await submit.focus();
    await page.keyboard.press("Enter");
    await expect(submit).toHaveText(form.sending);
    await expect(submit).toHaveAttribute("aria-disabled", "true");
    await expect(submit).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Space");
    release();
    await expect(page.getByTestId("contact-success")).toBeVisible();
    expect(posts).toBe(1);
    expect((await storedSubjects()).filter((stored) => stored === subject)).toHaveLength(1);
  });

  for (const field of ["name", "email", "subject", "message"] as const) {
    test(`a missing ${field} is reported at the field and nothing is sent`, async ({ page }) => {
      const subject = subjectOf(`missing-${field}`);
      await page.goto("/contact");
      await dismissBanner(page);
      await fillForm(page, { ...complete(subject), [field]: "" });
      await page.getByTestId("contact-submit").click();
      await expect(page.getByTestId(`contact-${field}-error`)).toHaveText(FIELD_ERRORS.required.en);
      await expect(page.locator(`#contact-${field}`)).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`#contact-${field}`)).toBeFocused();
      await expect(page.getByTestId("contact-form-error")).toBeVisible();
      await expect(page.getByTestId("contact-success")).toHaveCount(0);
      expect(await storedSubjects()).not.toContain(subject);
    });
  }

  test("an invalid email is refused, in Japanese too", async ({ page }) => {
    await page.goto("/ja/contact");
    await dismissBanner(page, "ja");
    await fillForm(page, { ...complete(subjectOf("email")), email: "not-an-email" });
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-email-error")).toHaveText(FIELD_ERRORS.invalid_email.ja);
    await expect(page.getByTestId("contact-success")).toHaveCount(0);
  });

  test("the honeypot: a filled hidden field is refused with a message and not stored", async ({ page, app }) => {
    const subject = subjectOf("honeypot");
    await page.goto("/contact");
    await dismissBanner(page);
    await fillForm(page, complete(subject));
    await page.evaluate(() => {
      (document.querySelector('input[name="website"]') as HTMLInputElement).value = "https://spam.example";
    });
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-form-error")).toHaveText(CONTACT_TEXT.spam.en);
    await expect(page.getByTestId("contact-success")).toHaveCount(0);
    expect(await storedSubjects()).not.toContain(subject);
    expect((await app.mails()).some((m) => m.subject.includes(subject))).toBe(false);
  });

  test("the rate limit: after 5 messages from one address the next is refused with a translated message", async ({ page, app }) => {
    // app.api and the page share this test's client address (X-Forwarded-For).
    for (let i = 0; i < 5; i++) {
      const result = await app.api("/contact", { method: "POST", body: complete(subjectOf(`limit-${i}`)) });
      expect(result.status).toBe(201);
    }
    const subject = subjectOf("limit-6");
    await page.goto("/zh/contact");
    await dismissBanner(page, "zh");
    await fillForm(page, complete(subject));
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-form-error")).toHaveText(CONTACT_TEXT.rateLimited.zh);
    // What was typed is kept, so nothing is lost.
    await expect(page.locator("#contact-subject")).toHaveValue(subject);
    expect(await storedSubjects()).not.toContain(subject);
  });

  test("without JavaScript the form posts, reports errors and shows the success panel", async ({ browser, baseURL, clientIp }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
    const page = await context.newPage();
    await page.goto("/contact");
    // The browser's own check would stop an empty required field; the server's check is what is tested here.
    await page.locator("form[data-testid=contact-form]").evaluate((f) => f.setAttribute("novalidate", ""));
    const subject = subjectOf("nojs");
    await fillForm(page, { ...complete(subject), name: "" });
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-name-error")).toHaveText(FIELD_ERRORS.required.en);
    await expect(page.locator("#contact-subject")).toHaveValue(subject);
    await page.locator("#contact-name").fill("No Script");
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-success")).toContainText("Message Sent Successfully!");
    expect(await storedSubjects()).toContain(subject);
    await page.getByRole("link", { name: form.sendAnother }).click();
    await expect(page.locator("#contact-name")).toHaveValue("");
    await context.close();
  });

  test("a signed-in member writing from their own address is told a confirmation was mailed, and gets it; from another address, neither", async ({ page, app }) => {
    const session = await signUpViaApi();
    await signInPage(page, session);
    await page.goto("/ja/contact");
    await dismissBanner(page, "ja");
    // The member's address is filled in; the copy goes to it whatever the letter case.
    await expect(page.locator("#contact-email")).toHaveValue(session.email);
    const subject = subjectOf("member-copy");
    await fillForm(page, { email: session.email.toUpperCase(), subject, message: "控えのテストです。" });
    await page.getByTestId("contact-submit").click();
    const success = page.getByTestId("contact-success");
    await expect(success).toContainText(CONTACT_TEXT.success.ja);
    await expect(page.getByTestId("contact-copy-sent")).toHaveText(format(contactMessages.ja.copySent, { email: session.email.toUpperCase() }));
    await expect(page).toHaveURL(/\/ja\/contact\?sent=1$/);
    const toMember = async () => (await app.mails()).filter((m) => m.to.includes(session.email));
    await expect.poll(async () => (await toMember()).length).toBe(1);
    const [confirmation] = await toMember();
    expect(confirmation!.text).toContain("24時間以内");
    // In the firm's words only: sign-up proves no address (docs/product.md, Contact).
    expect(`${confirmation!.subject}\n${confirmation!.text}`).not.toContain("控えのテストです。");
    expect(confirmation!.subject).not.toContain(subject);
    expect(await storedSubjects()).toContain(subject);

    await success.getByRole("link", { name: contact.ja.form.sendAnother }).click();
    // The new form is the member's again.
    await expect(page.locator("#contact-email")).toHaveValue(session.email);
    const other = subjectOf("member-other");
    await fillForm(page, { email: "someone.else@example.test", subject: other, message: "別のアドレスからです。" });
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-success")).toContainText(CONTACT_TEXT.success.ja);
    await expect(page.getByTestId("contact-copy-sent")).toHaveCount(0);
    await expect.poll(async () => await storedSubjects()).toContain(other);
    expect((await app.mails()).some((m) => m.subject.includes(other) && !m.to.includes(CONTACT_EMAIL))).toBe(false);
    expect(await toMember()).toHaveLength(1);
  });

  test("a signed-in member's refused message (sent through the API) shows the server's message and keeps what was typed", async ({ page, app }) => {
    const session = await signUpViaApi();
    await signInPage(page, session);
    await page.goto("/zh/contact");
    await dismissBanner(page, "zh");
    const subject = subjectOf("member-honeypot");
    await fillForm(page, { subject, message: "请帮忙。" });
    await page.evaluate(() => {
      (document.querySelector('input[name="website"]') as HTMLInputElement).value = "https://spam.example";
    });
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-form-error")).toHaveText(CONTACT_TEXT.spam.zh);
    await expect(page.getByTestId("contact-success")).toHaveCount(0);
    await expect(page.locator("#contact-subject")).toHaveValue(subject);
    await expect(page.getByTestId("contact-submit")).toBeEnabled();
    expect(await storedSubjects()).not.toContain(subject);
    expect((await app.mails()).some((m) => m.subject.includes(subject))).toBe(false);
  });
});

test.describe("cookie consent on /cookies and /terms", () => {
  test("Accept All on /cookies stores the choice, which survives a reload", async ({ page }) => {
    await page.goto("/cookies");
    await hydrated(page);
    const current = page.getByTestId("consent-current");
    await expect(current).toHaveText(format(consent.en.current, { choice: consent.en.choiceNone }));
    await page.getByTestId("consent-panel").getByRole("button", { name: consent.en.acceptAll }).click();
    await expect(current).toHaveText(format(consent.en.current, { choice: consent.en.choiceAll }));
    await expect(page.getByTestId("consent-saved")).toHaveText(consent.en.saved);
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await page.reload();
    await expect(current).toHaveText(format(consent.en.current, { choice: consent.en.choiceAll }));
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    const cookie = (await page.context().cookies()).find((c) => c.name === "cookie_consent");
    expect(JSON.parse(decodeURIComponent(cookie!.value))).toMatchObject({ analytics: true, marketing: true });
  });

  test("Preferences on /cookies opens the dialog; a custom choice is kept across reloads", async ({ page }) => {
    await page.goto("/cookies");
    await hydrated(page);
    await page.getByTestId("consent-panel").getByRole("button", { name: consent.en.preferences }).click();
    const dialog = page.getByTestId("cookie-dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(consent.en.analytics).check();
    await dialog.getByRole("button", { name: consent.en.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("consent-current")).toHaveText(format(consent.en.current, { choice: consent.en.choiceCustom }));
    await page.reload();
    await expect(page.getByTestId("consent-current")).toHaveText(format(consent.en.current, { choice: consent.en.choiceCustom }));
    await page.getByTestId("consent-open").click();
    await expect(page.getByTestId("cookie-dialog").getByLabel(consent.en.analytics)).toBeChecked();
    await expect(page.getByTestId("cookie-dialog").getByLabel(consent.en.marketing)).not.toBeChecked();
  });

  test("Details and Accept on /terms drive the same consent (ja)", async ({ page }) => {
    await page.goto("/ja/terms");
    await hydrated(page);
    const panel = page.getByTestId("consent-panel");
    await panel.getByRole("button", { name: consent.ja.details }).click();
    await expect(page.getByTestId("cookie-dialog")).toBeVisible();
    await page.getByTestId("cookie-dialog").getByRole("button", { name: consent.ja.close }).click();
    await expect(page.getByTestId("cookie-dialog")).toBeHidden();
    await panel.getByRole("button", { name: consent.ja.accept, exact: true }).click();
    await expect(page.getByTestId("consent-current")).toHaveText(format(consent.ja.current, { choice: consent.ja.choiceAll }));
    await page.goto("/ja/cookies");
    await expect(page.getByTestId("consent-current")).toHaveText(format(consent.ja.current, { choice: consent.ja.choiceAll }));
  });

  test("the banner's choice persists across reloads and shows on /cookies", async ({ page }) => {
    await page.goto("/about");
    await dismissBanner(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Hydrated, so the page's scripts had their chance to show the banner: a quiet network
    // ("networkidle") can come before hydration on a busy machine, and then proves nothing.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    await page.goto("/cookies");
    await expect(page.getByTestId("consent-current")).toHaveText(format(consent.en.current, { choice: consent.en.choiceNecessary }));
  });

  test("the banner is in the server HTML: shown before hydration on a first visit, never with a stored choice or without JavaScript", async ({ browser, baseURL }) => {
    // No hydration at all: the page's modules never arrive.
    const noModules = await browser.newContext({ baseURL });
    await noModules.route("**/assets/*.js", (route) => route.abort());
    const first = await noModules.newPage();
    await first.goto("/about");
    const banner = first.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    // Until React runs, a click on its buttons is kept for it (played after hydration:
    // tests/e2e/early-click.spec.ts), so nothing happens yet and nothing breaks.
    await banner.getByRole("button", { name: consent.en.acceptAll }).click();
    await expect(banner).toBeVisible();
    await noModules.addCookies([
      { name: "cookie_consent", value: encodeURIComponent(JSON.stringify({ v: 1, analytics: false, marketing: false, at: "" })), url: baseURL! },
    ]);
    await first.reload();
    await expect(first.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(first.getByTestId("cookie-banner")).toBeHidden();
    await noModules.close();

    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/about");
    await expect(plain.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(plain.getByTestId("cookie-banner")).toBeHidden();
    await noScript.close();
  });

  test("generic text pages end with the contact prompt", async ({ page }) => {
    for (const lang of LANGS) {
      for (const path of ["/privacy", "/terms", "/cookies"]) {
        await page.goto(url(lang, path));
        const prompt = page.getByTestId("contact-prompt");
        await expect(prompt.getByRole("link", { name: common[lang].contactPrompt.button })).toHaveAttribute("href", url(lang, "/contact"));
      }
    }
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 2 })).toContainText([
      "Information we collect",
      "How we use your information",
      "Data security",
    ]);
  });
});

test.describe("pricing", () => {
  for (const lang of LANGS) {
    test(`site header only, heading, tagline, three packages with price per credit, best value on VIP, FAQ and contact sales (${lang})`, async ({ page }) => {
      await page.goto(url(lang, "/pricing"));
      const t = pricingMessages[lang];
      await expect(page.getByTestId("pricing-nav")).toHaveCount(0);
      await expect(page.getByRole("banner").getByRole("navigation", { name: common[lang].mainNavigation })).toHaveCount(1);
      await expect(page.getByTestId("pricing-tagline")).toHaveText(t.tagline);
      // Found by a stranger: no page said how many free credits a new account starts with (the e2e server's STARTING_CREDITS).
      await expect(page.getByTestId("pricing-starting-credits")).toHaveText(format(t.startingCredits, { count: 3 }));
      // The packages as structured data, with the prices and credits the page shows.
      const catalog = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
      expect(catalog).toMatchObject({ "@type": "OfferCatalog" });
      expect(catalog.itemListElement).toEqual(
        PACKAGES.map((pkg) => expect.objectContaining({ name: pkg.name[lang], price: (pkg.priceCents / 100).toFixed(2), priceCurrency: "USD", description: format(t.credits, { count: pkg.credits }) })),
      );
      for (const pkg of PACKAGES) {
        const card = page.getByTestId(`package-${pkg.id}`);
        await expect(card.getByRole("heading", { level: 2 })).toHaveText(pkg.name[lang]);
        await expect(card.getByTestId("package-price")).toHaveText(formatUsd(pkg.priceCents));
        await expect(card.getByTestId("package-credits")).toHaveText(format(t.credits, { count: pkg.credits }));
        await expect(card.getByTestId("package-per-credit")).toContainText(format(t.perCredit, { price: formatUsd(creditPriceCents(pkg)) }));
        await expect(card.getByTestId("package-features").locator("li")).toHaveText(pkg.features[lang]);
        await expect(card.getByTestId("package-get-started")).toHaveAttribute("href", url(lang, `/${pkg.url}`));
      }
      await expect(page.getByTestId("package-best-value")).toHaveCount(1);
      await expect(page.getByTestId("package-enterprise").getByTestId("package-best-value")).toHaveText(t.bestValue);
      await expect(page.getByTestId("pricing-faq").locator("dt")).toHaveText(t.faq.map((f) => f.question));
      await expect(page.getByTestId("pricing-contact-sales")).toHaveAttribute("href", url(lang, "/contact"));
      await expect(page.getByTestId("pricing-contact-sales")).toHaveText(t.sales.button);
    });
  }

  test("the prices are Basic $25 / 50, Pro $50 / 100, VIP $100 / 250 and Get Started leads to the checkout pages", async ({ page }) => {
    await page.goto("/pricing");
    for (const [id, name, price, credits, perCredit] of [
      ["basic", "Basic", "$25", "50 credits", "$0.50 per credit"],
      ["pro", "Pro", "$50", "100 credits", "$0.50 per credit"],
      ["enterprise", "VIP", "$100", "250 credits", "$0.40 per credit"],
    ]) {
      const card = page.getByTestId(`package-${id}`);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(name!);
      await expect(card.getByTestId("package-price")).toHaveText(price!);
      await expect(card.getByTestId("package-credits")).toHaveText(credits!);
      await expect(card.getByTestId("package-per-credit")).toContainText(perCredit!);
      await expect(card.getByTestId("package-get-started")).toHaveAttribute("href", `/pricing/${id}`);
    }
    await expect(page.getByText(/screenings|networking|tech enthusiast|Most popular/i)).toHaveCount(0);
  });
});

test.describe("sitemap, robots and links", () => {
  test("/sitemap.xml lists every public page in every language with alternates; /robots.txt points at it", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    for (const lang of LANGS) for (const path of PUBLIC_PAGES) expect(xml).toContain(`<loc>${baseURL}${url(lang, path)}</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${baseURL}/about"`);
    expect(xml).toContain(`hreflang="ja" href="${baseURL}/ja/about"`);
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const txt = await robots.text();
    expect(txt).toContain("Allow: /");
    for (const path of ["/admin", "/explore", "/api/"]) expect(txt).toContain(`Disallow: ${path}`);
    expect(txt).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("every internal link on every public page in every language resolves", async ({ request, baseURL }) => {
    test.setTimeout(180_000);
    const checked = new Map<string, number>();
    for (const lang of LANGS) {
      for (const path of PUBLIC_PAGES) {
        const page = url(lang, path);
        const html = await (await request.get(page)).text();
        const hrefs = [...html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
        expect(hrefs.length, page).toBeGreaterThan(5);
        for (const href of hrefs) {
          const target = new URL(href, baseURL + page);
          if (target.origin !== baseURL || !/^https?:$/.test(target.protocol)) continue;
          const key = target.pathname + target.search;
          if (!checked.has(key)) checked.set(key, (await request.get(key)).status());
          expect(checked.get(key), `${key} (linked from ${page})`).toBeLessThan(400);
        }
      }
    }
    expect(checked.size).toBeGreaterThan(PUBLIC_PAGES.length * 3);
  });
});

test.describe("accessibility", () => {
  test("the axe check itself reports what it should: an image without alt text and text without contrast", async ({ page }) => {
    await page.goto("/blog/1");
    await hydrated(page);
    await page.evaluate(() => {
      const main = document.getElementById("main")!;
      const image = document.createElement("img");
      image.src = "/favicon.ico";
      const faint = document.createElement("p");
      faint.textContent = "Faint text";
      faint.style.color = "#eeeeee";
      main.append(image, faint);
    });
    const found = await axeViolations(page);
    expect(found.some((v) => v.startsWith("image-alt:"))).toBe(true);
    expect(found.some((v) => v.startsWith("color-contrast:"))).toBe(true);
  });

  for (const width of [1280, 375]) {
    for (const lang of LANGS) {
      test(`axe finds no violations on any public page (${lang}, ${width} px)`, async ({ page }) => {
        test.setTimeout(240_000);
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        const found: string[] = [];
        for (const path of PUBLIC_PAGES) {
          await page.goto(url(lang, path));
          await hydrated(page);
          found.push(...(await axeViolations(page)).map((v) => `${url(lang, path)} ${v}`));
          if (width === 375) {
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            if (overflow > 0) found.push(`${url(lang, path)} scrolls sideways by ${overflow}px`);
          }
        }
        expect(found).toEqual([]);
      });
    }
  }

  // Three states in three tests: together they came within a few seconds of the timeout on a loaded machine.
  test("axe finds no violations with the portfolio dialog open", async ({ page }) => {
    await page.goto("/portfolio");
    await dismissBanner(page);
    await page.getByTestId("project-details").first().click();
    await expect(page.getByTestId("project-dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("axe finds no violations on the contact form's errors", async ({ page }) => {
    await page.goto("/contact");
    // The form's own error messages come with React (dismissBanner waits for it); before it, the
    // browser's validation answers.
    await dismissBanner(page);
    await page.getByTestId("contact-submit").click();
    await expect(page.getByTestId("contact-name-error")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("axe finds no violations on the contact success panel", async ({ page }) => {
    await page.goto("/contact?sent=1");
    await expect(page.getByTestId("contact-success")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
