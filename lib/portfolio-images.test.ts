import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { portfolio } from "~/content/portfolio";
import { LANGS } from "./i18n/languages";
import { PORTFOLIO_IMAGE_HEIGHT, PORTFOLIO_IMAGE_SCALES, PORTFOLIO_IMAGE_WIDTH, portfolioImagePath, portfolioImageSrcSet } from "./portfolio-images";

/** Width and height of a WebP file: its extended (VP8X) header, or a lossy (VP8) frame's. */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString("latin1", 0, 4)).toBe("RIFF");
  expect(bytes.toString("latin1", 8, 12)).toBe("WEBP");
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  expect(chunk).toBe("VP8 ");
  return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
}

describe("portfolio images", () => {
  it("names one file per scale and lists them by width", () => {
    expect(portfolioImagePath(3)).toBe("/images/portfolio/project-3.webp");
    expect(portfolioImagePath(3, 2)).toBe("/images/portfolio/project-3@2x.webp");
    expect(portfolioImageSrcSet(3)).toBe("/images/portfolio/project-3.webp 800w, /images/portfolio/project-3@2x.webp 1600w");
  });

  it("has every project's picture at every scale, drawn from its SVG (npm run portfolio-images)", () => {
    const drawings = readdirSync("content/portfolio-drawings").sort();
    for (const lang of LANGS) {
      for (const project of portfolio[lang].projects) {
        expect(project.image).toBe(portfolioImagePath(project.id));
        expect(project.imageSrcSet).toBe(portfolioImageSrcSet(project.id));
        expect(drawings).toContain(`project-${project.id}.svg`);
        for (const scale of PORTFOLIO_IMAGE_SCALES) {
          const size = webpSize(readFileSync(`public${portfolioImagePath(project.id, scale)}`));
          expect(size).toEqual({ width: PORTFOLIO_IMAGE_WIDTH * scale, height: PORTFOLIO_IMAGE_HEIGHT * scale });
        }
      }
    }
    // No drawing without a project, no picture without a drawing.
    expect(drawings).toEqual(portfolio.en.projects.map((p) => `project-${p.id}.svg`).sort());
    const pictures = readdirSync("public/images/portfolio").sort();
    expect(pictures).toEqual(portfolio.en.projects.flatMap((p) => PORTFOLIO_IMAGE_SCALES.map((s) => portfolioImagePath(p.id, s).split("/").pop()!)).sort());
  });
});
