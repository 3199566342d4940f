import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "~/app/page-helpers/public-pages";
import { LANGS } from "./i18n/languages";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_TYPES, SHARE_IMAGE_WIDTH, shareImagePath, shareImageType } from "./share-images";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("share images", () => {
  it("maps each page to its type", () => {
    expect(shareImageType("/")).toBe("home");
    expect(shareImageType("/services")).toBe("services");
    expect(shareImageType("/services/tax-consultation")).toBe("service");
    expect(shareImageType("/portfolio/x")).toBe("case-study");
    expect(shareImageType("/blog/1")).toBe("article");
    expect(shareImageType("/pricing/basic")).toBe("pricing");
    expect(shareImageType("/terms")).toBe("legal");
    expect(shareImageType("/login")).toBe("home");
    expect(new Set(PUBLIC_PAGES.map(shareImageType))).toEqual(new Set(SHARE_IMAGE_TYPES));
  });

  it("has a committed 1200×630 PNG for every type in every language", () => {
    for (const type of SHARE_IMAGE_TYPES) {
      for (const lang of LANGS) {
        const bytes = readFileSync(new URL(`../public${shareImagePath(type, lang)}`, import.meta.url));
        expect(pngSize(bytes), `${type}-${lang}`).toEqual({ width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT });
        expect(bytes.length, `${type}-${lang} stays small`).toBeLessThan(150_000);
      }
    }
  });
});
