// The four services. The slug is the title lowercased with spaces turned into hyphens (docs/product.md › Assistant).
export const SERVICE_SLUGS = [
  "tax-consultation",
  "technology-solutions",
  "security-services",
  "custom-software-development",
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export function isServiceSlug(value: unknown): value is ServiceSlug {
  return typeof value === "string" && (SERVICE_SLUGS as readonly string[]).includes(value);
}

/** Old slugs linked from the spec's home cards; they answer 301 to the canonical page. */
export const LEGACY_SERVICE_SLUGS: Record<string, ServiceSlug> = {
  "software-development": "custom-software-development",
  security: "security-services",
};
