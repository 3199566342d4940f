import { describe, expect, it } from "vitest";
import { seoMeta, titleWidth } from "./seo";

const titleOf = (title: string, titleLabel?: string, lang: "en" | "ja" = "en") =>
  seoMeta({ lang, path: "/portfolio/x", title, titleLabel, description: "d", siteName: "TaxAtlas", origin: "https://taxatlas.example" })
    .map((tag) => ("title" in tag ? tag.title : undefined))
    .find(Boolean);

describe("seoMeta's title", () => {
  it("counts a wide character twice", () => {
    expect(titleWidth("TaxAtlas")).toBe(8);
    expect(titleWidth("導入事例：税務")).toBe(14);
  });

  it("adds the label only where the whole title still fits a search result", () => {
    expect(titleOf("Royalty Data Protection Programme", "Case study")).toBe("Royalty Data Protection Programme (Case study) | TaxAtlas");
    expect(titleOf("Zero-Trust Access for a Corporate Tax Department", "Case study")).toBe("Zero-Trust Access for a Corporate Tax Department | TaxAtlas");
    expect(titleOf("会計事務所ネットワーク向け顧客書類ポータル", "導入事例", "ja")).toBe("会計事務所ネットワーク向け顧客書類ポータル | TaxAtlas");
    expect(titleOf("About")).toBe("About | TaxAtlas");
  });
});
