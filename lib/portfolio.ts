// The six portfolio projects' slugs: each has a case study at /portfolio/<slug> in every language.
// In the portfolio's order (content/portfolio.ts).
import { memberOf } from "~/lib/member-of";
import type { PortfolioCategory } from "~/content/types";
export const PROJECT_SLUGS = [
  "wholesale-e-invoicing-portal",
  "accounting-network-document-portal",
  "ai-vat-classification",
  "multi-country-e-invoicing-hub",
  "royalty-data-protection",
  "zero-trust-tax-department",
] as const;
export type ProjectSlug = (typeof PROJECT_SLUGS)[number];

export const isProjectSlug = memberOf(PROJECT_SLUGS);

/** The portfolio's categories, in the order of its filter buttons. */
export const PORTFOLIO_CATEGORIES = ["web", "technology", "security"] as const satisfies readonly PortfolioCategory[];
export type PortfolioFilter = "all" | (typeof PORTFOLIO_CATEGORIES)[number];

/** The filter a `?category=` value asks for: one of the categories, anything else shows all. */
export function portfolioFilter(value: string | null | undefined): PortfolioFilter {
  return (PORTFOLIO_CATEGORIES as readonly string[]).includes(value ?? "") ? (value as PortfolioFilter) : "all";
}
