// The portfolio's project pictures: WebP files drawn by scripts/portfolio-images.ts from the SVG
// drawings in content/portfolio-drawings/ and committed under public/images/portfolio/, one at the
// cards' size and one at twice it for dense screens.

export const PORTFOLIO_IMAGE_WIDTH = 800;
export const PORTFOLIO_IMAGE_HEIGHT = 500;
export const PORTFOLIO_IMAGE_SCALES = [1, 2] as const;
export type PortfolioImageScale = (typeof PORTFOLIO_IMAGE_SCALES)[number];

/** "/images/portfolio/project-3.webp", or "project-3@2x.webp" at twice the size. */
export function portfolioImagePath(id: number, scale: PortfolioImageScale = 1): string {
  return `/images/portfolio/project-${id}${scale === 1 ? "" : `@${scale}x`}.webp`;
}

/** The `srcset` of a project's picture: every scale, by its width. */
export function portfolioImageSrcSet(id: number): string {
  return PORTFOLIO_IMAGE_SCALES.map((scale) => `${portfolioImagePath(id, scale)} ${PORTFOLIO_IMAGE_WIDTH * scale}w`).join(", ");
}
