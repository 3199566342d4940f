// npm run pictures: draws the site's pictures (lib/pictures.ts) from their SVG drawings in
// content/drawings/<set>/ into WebP files under public/images/<set>/, one per width, with the
// system's Chromium, offline. The WebP files are committed; run this again after changing a drawing.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { PICTURE_SETS, pictureHeight, picturePath, type PictureSet } from "~/lib/pictures";
import { findChromium } from "./find-chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** WebP quality (0-1): the drawings' flat colours and gradients stay clean at a few KB per 100k pixels. */
const QUALITY = 0.85;

const executablePath = findChromium();
if (!executablePath) {
  console.error("No Chromium found: install Debian's chromium package or set CHROMIUM_PATH.");
  process.exit(1);
}
const browser = await chromium.launch({ executablePath });
try {
  const page = await browser.newPage();
  for (const set of Object.keys(PICTURE_SETS) as PictureSet[]) {
    const spec = PICTURE_SETS[set];
    const sourceDir = path.join(root, "content/drawings", set);
    const outDir = path.join(root, "public/images", set);
    // Pictures of a drawing since removed, or of widths no longer drawn, go.
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    for (const name of readdirSync(sourceDir).filter((file) => file.endsWith(".svg")).sort()) {
      const id = new RegExp(`^${spec.file}-(\\w+)\\.svg$`).exec(name)?.[1];
      if (!id) throw new Error(`unexpected file ${set}/${name}: drawings are named ${spec.file}-<id>.svg`);
      const svg = readFileSync(path.join(sourceDir, name), "utf8");
      for (const width of spec.widths) {
        const height = pictureHeight(set, width);
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
          { svg, width, height, quality: QUALITY },
        );
        const file = path.join(root, "public", picturePath(set, id, width));
        const bytes = Buffer.from(base64, "base64");
        writeFileSync(file, bytes);
        console.log(`${path.relative(root, file)}  ${width}×${height}  ${(bytes.length / 1024).toFixed(0)} KB`);
      }
    }
  }
} finally {
  await browser.close();
}
