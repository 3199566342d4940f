import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { articles } from "~/content/blog";
import { portfolio } from "~/content/portfolio";
import { LANGS } from "./i18n/languages";
import { PICTURE_SETS, pictureHeight, picturePath, pictureSrcSet, type PictureSet } from "./pictures";

/** Width and height of a WebP file: its extended (VP8X) header, or a lossy (VP8) frame's. */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString("latin1", 0, 4)).toBe("RIFF");
  expect(bytes.toString("latin1", 8, 12)).toBe("WEBP");
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  expect(chunk).toBe("VP8 ");
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

/** Every picture the content shows, per set, in every language. */
const shown: Record<PictureSet, { id: number | string; image: string; imageSrcSet: string }[]> = {
  portfolio: LANGS.flatMap((lang) => portfolio[lang].projects),
  blog: LANGS.flatMap((lang) => articles[lang]),
};

describe("pictures", () => {
  it("names one file per width and lists them by width", () => {
    expect(picturePath("portfolio", 3)).toBe("/images/portfolio/project-3-800.webp");
    expect(picturePath("portfolio", 3, 1600)).toBe("/images/portfolio/project-3-1600.webp");
    expect(pictureHeight("portfolio", 1600)).toBe(1000);
    expect(pictureHeight("blog", 600)).toBe(315);
    expect(pictureSrcSet("blog", "2")).toBe(
      "/images/blog/article-2-600.webp 600w, /images/blog/article-2-1200.webp 1200w, /images/blog/article-2-2400.webp 2400w",
    );
  });

  for (const set of Object.keys(PICTURE_SETS) as PictureSet[]) {
    it(`${set}: every picture shown exists at every width, drawn from its SVG (npm run pictures)`, () => {
      const spec = PICTURE_SETS[set];
      expect(spec.widths).toContain(spec.width);
      const drawings = readdirSync(`content/drawings/${set}`).sort();
      const ids = [...new Set(shown[set].map((item) => String(item.id)))];
      for (const item of shown[set]) {
        expect(item.image).toBe(picturePath(set, item.id));
        expect(item.imageSrcSet).toBe(pictureSrcSet(set, item.id));
      }
      // One drawing per picture shown, and no file that is not one of its widths.
      expect(drawings).toEqual(ids.map((id) => `${spec.file}-${id}.svg`).sort());
      const files = ids.flatMap((id) => spec.widths.map((width) => picturePath(set, id, width)));
      expect(readdirSync(`public/images/${set}`).sort()).toEqual(files.map((file) => file.split("/").pop()).sort());
      for (const id of ids) {
        for (const width of spec.widths) {
          const size = webpSize(readFileSync(`public${picturePath(set, id, width)}`));
          expect(size).toEqual({ width, height: pictureHeight(set, width) });
        }
      }
    });
  }
});
