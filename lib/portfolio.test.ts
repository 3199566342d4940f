import { describe, expect, it } from "vitest";
import { portfolio } from "~/content/portfolio";
import { PORTFOLIO_CATEGORIES, portfolioFilter } from "./portfolio";

describe("portfolioFilter", () => {
  it("keeps a known category and shows all for anything else", () => {
    for (const category of PORTFOLIO_CATEGORIES) expect(portfolioFilter(category)).toBe(category);
    for (const other of [null, undefined, "", "all", "WEB", "web ", "nonsense"]) expect(portfolioFilter(other)).toBe("all");
  });

  it("names every category a project uses", () => {
    for (const project of portfolio.en.projects) expect(PORTFOLIO_CATEGORIES).toContain(project.category);
  });
});
