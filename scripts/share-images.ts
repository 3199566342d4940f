// npm run share-images: draws the 1200×630 PNG share images (one per page type and language) into
// public/images/share/ with the system's Chromium and its fonts (Debian: fonts-noto-cjk for
// Japanese and Chinese), offline. The PNGs are committed; run this again after changing
// content/share-images.ts or SITE_NAME's default. See docs/architecture.md (share images).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { LANGS, LANGUAGES, type Lang } from "~/lib/i18n/languages";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_TYPES, SHARE_IMAGE_WIDTH, shareImagePath, type ShareImageType } from "~/lib/share-images";
import { common } from "~/content/messages/common";
import { shareImageHeadlines, shareImageLabel } from "~/content/share-images";
import { findChromium } from "./find-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const siteName = process.env.SITE_NAME?.trim() || "TaxAtlas";

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// The site's font stacks (app/app.css), so the images read like the pages.
const FONTS: Record<Lang, string> = {
  en: `"Noto Sans", "Helvetica Neue", Arial, sans-serif`,
  ja: `"Noto Sans CJK JP", "Noto Sans JP", sans-serif`,
  zh: `"Noto Sans CJK SC", "Noto Sans SC", sans-serif`,
};

function html(type: ShareImageType, lang: Lang): string {
  const content = shareImageHeadlines[lang];
  const text = { label: type === "home" ? content.homeLabel : shareImageLabel(common[lang], type), headline: content.types[type] };
  const tag = LANGUAGES.find((l) => l.code === lang)?.tag ?? lang;
  const logo = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
  return `<!doctype html>
<html lang="${tag}"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${SHARE_IMAGE_WIDTH}px; height: ${SHARE_IMAGE_HEIGHT}px; overflow: hidden; font-family: ${FONTS[lang]};
    background: #172554; color: #fff; position: relative; }
  /* Flat colours, no gradients or soft shadows: they keep each PNG small (tens of kilobytes, not hundreds). */
  .band { position: absolute; left: 0; right: 0; bottom: 0; height: 12px; background: #0f766e; }
  .atlas { position: absolute; right: -70px; top: -40px; width: 560px; height: 560px; opacity: .22; }
  .card { position: absolute; right: 72px; bottom: 84px; width: 330px; background: #fff; color: #0f172a; border-radius: 18px;
    border: 6px solid #1e3a8a; padding: 22px 24px; }
  .card .bar { display: flex; gap: 7px; margin-bottom: 16px; }
  .card .bar i { width: 11px; height: 11px; border-radius: 50%; background: #cbd5e1; display: block; }
  .card .q { margin-left: auto; width: 78%; height: 40px; border-radius: 14px 14px 4px 14px; background: #1d4ed8; }
  .card .a { margin-top: 14px; border: 1px solid #e2e8f0; border-radius: 14px 14px 14px 4px; padding: 14px; }
  .card .a b { display: block; height: 10px; border-radius: 5px; background: #cbd5e1; margin: 0 0 9px; }
  .card .a b:nth-child(2) { width: 88%; } .card .a b:nth-child(3) { width: 64%; margin-bottom: 12px; }
  .card .src { display: inline-block; font-size: 15px; font-weight: 600; color: #1e3a8a; background: #eef5ff; border-radius: 6px; padding: 3px 9px; }
  main { position: absolute; left: 80px; top: 72px; width: 640px; bottom: 64px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 16px; font-size: 34px; font-weight: 700; letter-spacing: -.01em; }
  .brand svg { width: 52px; height: 52px; }
  .label { margin-top: 64px; display: inline-block; align-self: flex-start; font-size: 24px; font-weight: 600; color: #bfdbfe;
    border: 2px solid rgba(191,219,254,.6); border-radius: 999px; padding: 6px 18px; }
  h1 { margin-top: 26px; font-size: ${lang === "en" ? 58 : 54}px; line-height: 1.18; font-weight: 700; letter-spacing: ${lang === "en" ? "-.02em" : "0"};
    text-wrap: balance; line-break: strict; word-break: ${lang === "ja" ? "auto-phrase" : "normal"}; }
  footer { margin-top: auto; font-size: 20px; color: #dbeafe; white-space: nowrap; }
</style></head><body>
  <div class="band"></div>
  <svg class="atlas" viewBox="0 0 400 400" fill="none" stroke="#fff" stroke-width="1.4">
    <circle cx="200" cy="200" r="180"/><ellipse cx="200" cy="200" rx="90" ry="180"/><ellipse cx="200" cy="200" rx="150" ry="180"/>
    <path d="M200 20v360M20 200h360"/><ellipse cx="200" cy="200" rx="180" ry="60"/><ellipse cx="200" cy="200" rx="172" ry="120"/>
  </svg>
  <div class="card"><div class="bar"><i></i><i></i><i></i></div><div class="q"></div>
    <div class="a"><b></b><b></b><b></b><span class="src">[1] ${escapeHtml(siteName)}</span></div></div>
  <main>
    <div class="brand">${logo}<span>${escapeHtml(siteName)}</span></div>
    <span class="label">${escapeHtml(text.label)}</span>
    <h1>${escapeHtml(text.headline)}</h1>
    <footer>${escapeHtml(content.footer)}</footer>
  </main>
</body></html>`;
}

const executablePath = findChromium();
if (!executablePath) {
  console.error("No Chromium found: install Debian's chromium package or set CHROMIUM_PATH.");
  process.exit(1);
}
const outDir = path.join(root, "public/images/share");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath });
try {
  const page = await browser.newPage({ viewport: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT }, deviceScaleFactor: 1 });
  for (const lang of LANGS) {
    for (const type of SHARE_IMAGE_TYPES) {
      await page.setContent(html(type, lang), { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      const png = await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT } });
      const file = path.join(root, "public", shareImagePath(type, lang));
      writeFileSync(file, png);
      console.log(`${path.relative(root, file)}  ${(png.length / 1024).toFixed(0)} KB`);
    }
  }
} finally {
  await browser.close();
}
