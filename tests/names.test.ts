// One name per thing: wherever a service is named (the explore page's assistants, the contact form's
// topics, the admin area, two of the portfolio's filters) it carries the service catalog's title
// (content/services.ts), in every language; credits are never called tokens.
import { describe, expect, it } from "vitest";
import { contact } from "~/content/contact";
import { admin } from "~/content/messages/admin";
import { explore } from "~/content/messages/explore";
import { portfolioMessages } from "~/content/messages/portfolio";
import { services } from "~/content/services";
import { LANGS } from "~/lib/i18n/languages";
import { SERVICE_SLUGS } from "~/lib/service-catalog";

/** The contact form's and portfolio's short keys for the services they name. */
const CONTACT_KEY = {
  consulting: "tax-consultation",
  technology: "technology-solutions",
  security: "security-services",
  web: "custom-software-development",
} as const;

describe.each(LANGS)("service names (%s)", (lang) => {
  const title = (slug: (typeof SERVICE_SLUGS)[number]) => services[lang][slug].title;

  it("the explore page's assistants", () => {
    for (const slug of SERVICE_SLUGS) expect(explore[lang].assistants.items[slug].label).toBe(title(slug));
  });

  it("the contact form's topics and the admin inbox", () => {
    for (const [key, slug] of Object.entries(CONTACT_KEY)) {
      expect(contact[lang].serviceOptions.find((o) => o.value === key)?.label, key).toBe(title(slug));
      expect(admin[lang].messages.services[key], key).toBe(title(slug));
    }
  });

  it("the admin's question topics", () => {
    for (const slug of SERVICE_SLUGS) expect(admin[lang].user.questions.topics[slug]).toBe(title(slug));
  });

  it("the portfolio's filters: two services, and web development as the spec names it", () => {
    for (const key of ["technology", "security"] as const) expect(portfolioMessages[lang].filters[key]).toBe(title(CONTACT_KEY[key]));
    // product.md and the spec name the third filter "Web Development" (its projects are web portals).
    expect(portfolioMessages[lang].filters.web).toBe({ en: "Web Development", ja: "Web開発", zh: "Web开发" }[lang]);
  });

  it("credits, not tokens", () => {
    expect(JSON.stringify([admin[lang], explore[lang]])).not.toMatch(/tokens?\b|トークン|代币/i);
  });
});
