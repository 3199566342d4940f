// Every page the assistant can cite answers 200 in every language, and every anchor a citation
// carries (/blog/2#what-finance-teams-should-prepare, /terms#payment-and-refunds, ...) is an element
// of the rendered page, so a Sources link always lands on the passage it quotes
// (lib/ai/passages.server.ts builds the passages and their URLs from the content modules).
import { collectPassages } from "~/lib/ai/passages.server";
import { expect, test } from "./fixtures";

const passages = collectPassages({ siteName: "TaxAtlas" });
const byPage = new Map<string, Set<string>>();
for (const { url } of passages) {
  const [page, anchor] = url.split("#") as [string, string | undefined];
  const anchors = byPage.get(page) ?? new Set<string>();
  if (anchor) anchors.add(anchor);
  byPage.set(page, anchors);
}

test("every cited page answers 200 and holds the anchors its citations point to", async ({ request }) => {
  // 13 pages (four services, three articles, about, pricing, contact, three legal pages) in three languages.
  expect(byPage.size).toBe(13 * 3);
  for (const [page, anchors] of byPage) {
    const response = await request.get(page);
    expect(response.status(), page).toBe(200);
    const html = await response.text();
    for (const anchor of anchors) expect(html, `${page}#${anchor}`).toContain(`id="${anchor}"`);
  }
});

test("a cited anchor scrolls its passage into view", async ({ page }) => {
  const cited = passages.find((p) => p.lang === "ja" && p.url.startsWith("/ja/blog/2#"));
  expect(cited).toBeDefined();
  await page.goto(cited!.url);
  const target = page.locator(`#${cited!.url.split("#")[1]}`);
  await expect(target).toBeInViewport();
  // The citation's title is "page: section" with the language's colon (full-width in Japanese and Chinese).
  await expect(target).toContainText(cited!.title.split(/: |：/).at(-1)!);
});
