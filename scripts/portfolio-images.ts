// npm run portfolio-images: draws the portfolio's project pictures (content/portfolio-drawings/*.svg)
// into WebP files under public/images/portfolio/, at the cards' 800×500 and at twice that for dense
// screens, with the system's Chromium, offline. The WebP files are committed; run this again after
// changing a drawing. Pictures, not SVG documents: each SVG <img> became a document of its own on
// the page's main thread, while a WebP is decoded off it (docs/performance.md, "2026-11-28,
// 17:45-19:00 UTC").
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { PORTFOLIO_IMAGE_HEIGHT, PORTFOLIO_IMAGE_SCALES, PORTFOLIO_IMAGE_WIDTH, portfolioImagePath } from "~/lib/portfolio-images";
import { findChromium } from "./find-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "content/portfolio-drawings");
/** WebP quality (0-1): flat colours and gradients stay clean, each file about 8-12 KB at 800 px. */
const QUALITY = 0.85;

const executablePath = findChromium();
if (!executablePath) {
  console.error("No Chromium found: install Debian's chromium package or set CHROMIUM_PATH.");
  process.exit(1);
}
const outDir = path.join(root, "public/images/portfolio");
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath });
try {
  const page = await browser.newPage();
  for (const name of readdirSync(sourceDir).filter((file) => file.endsWith(".svg")).sort()) {
    const id = Number(/^project-(\d+)\.svg$/.exec(name)?.[1]);
    if (!Number.isInteger(id)) throw new Error(`unexpected file ${name}: drawings are named project-<id>.svg`);
    const svg = readFileSync(path.join(sourceDir, name), "utf8");
    for (const scale of PORTFOLIO_IMAGE_SCALES) {
      const base64 = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const image = new Image();
          image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
          await image.decode();
          const canvas = document.createElement("canvas");
          canvas.width = width;
          canvas.height = height;
          canvas.getContext("2d")!.drawImage(image, 0, 0, width, height);
          return canvas.toDataURL("image/webp", quality).split(",")[1]!;
        },
        { svg, width: PORTFOLIO_IMAGE_WIDTH * scale, height: PORTFOLIO_IMAGE_HEIGHT * scale, quality: QUALITY },
      );
      const file = path.join(root, "public", portfolioImagePath(id, scale));
      const bytes = Buffer.from(base64, "base64");
      writeFileSync(file, bytes);
      console.log(`${path.relative(root, file)}  ${(bytes.length / 1024).toFixed(0)} KB`);
    }
  }
} finally {
  await browser.close();
}
