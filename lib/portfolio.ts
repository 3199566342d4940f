// The six portfolio projects' slugs: each has a case study at /portfolio/<slug> in every language.
// In the portfolio's order (content/portfolio.ts).
export const PROJECT_SLUGS = [
  "wholesale-e-invoicing-portal",
  "accounting-network-document-portal",
  "ai-vat-classification",
  "multi-country-e-invoicing-hub",
  "royalty-data-protection",
  "zero-trust-tax-department",
] as const;
export type ProjectSlug = (typeof PROJECT_SLUGS)[number];

export function isProjectSlug(value: unknown): value is ProjectSlug {
  return typeof value === "string" && (PROJECT_SLUGS as readonly string[]).includes(value);
}
