// The site's pictures (portfolio projects, blog articles): drawn as SVG in content/drawings/<set>/
// and rasterised offline by scripts/pictures.ts into WebP files committed under
// public/images/<set>/, one per width, which pages offer as an <img> srcset. Pictures rather than
// SVG files because an SVG <img> becomes a document of its own on the page's main thread, while a
// WebP is decoded off it (docs/performance.md, "2026-11-28, 17:45-19:45 UTC").

interface PictureSetSpec {
  /** File names: "<file>-<id>-<width>.webp". */
  file: string;
  /** The drawing's size: the <img>'s width and height attributes, and the width of its plain `src`. */
  width: number;
  height: number;
  /** The widths drawn, smallest first; `width` is among them. */
  widths: readonly number[];
}

export const PICTURE_SETS = {
  // A card is at most 390 px wide (a third of the page's column); the details dialog 42rem.
  portfolio: { file: "project", width: 800, height: 500, widths: [800, 1600] },
  // A card or related article is at most 476 px wide, the article's own picture 720 px.
  blog: { file: "article", width: 1200, height: 630, widths: [600, 1200, 2400] },
} as const satisfies Record<string, PictureSetSpec>;
export type PictureSet = keyof typeof PICTURE_SETS;

/** "/images/portfolio/project-3-800.webp"; the drawing's own width unless another is asked. */
export function picturePath(set: PictureSet, id: number | string, width: number = PICTURE_SETS[set].width): string {
  return `/images/${set}/${PICTURE_SETS[set].file}-${id}-${width}.webp`;
}

/** A picture's height at one of its widths: the drawing's proportions, to the nearest pixel. */
export function pictureHeight(set: PictureSet, width: number): number {
  return Math.round((width * PICTURE_SETS[set].height) / PICTURE_SETS[set].width);
}

/** The `srcset` of a picture: every width drawn. */
export function pictureSrcSet(set: PictureSet, id: number | string): string {
  return PICTURE_SETS[set].widths.map((width) => `${picturePath(set, id, width)} ${width}w`).join(", ");
}
