// One axe run for every browser test, at a third of the default's cost (about 0.65 s of 2 a page on
// an idle machine, and the e2e suite runs a few hundred):
// - legacy mode runs axe in the page itself, where the default opens a second, blank page for each
//   run to combine the frames' results. The pages tested have no frames to combine: the Stripe.js
//   stand-in of checkout.spec.ts draws a plain input;
// - only violations are detailed: axe still runs every rule, but builds selectors for, and sends
//   back, one node of each pass instead of all of them.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Each violation as "rule: target, target", so a failure names what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

export async function expectNoAxeViolations(page: Page, label?: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
}
