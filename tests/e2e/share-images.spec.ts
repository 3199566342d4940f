// Every public page in every language names its raster share image with an absolute URL at the
// configured origin, its size and alt text, and the image answers 200 as a 1200×630 PNG.
import { LANGS } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import { PUBLIC_PAGES } from "~/app/page-helpers/public-pages";
import { expect, test } from "./fixtures";

const metaContent = (html: string, attr: "property" | "name", key: string): string | undefined =>
  new RegExp(`<meta ${attr}="${key.replace(/:/g, ":")}" content="([^"]*)"`).exec(html)?.[1];

test("og:image and twitter:image of every public page answer 200 with a 1200×630 PNG", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const checked = new Map<string, boolean>();
  for (const path of PUBLIC_PAGES) {
    for (const lang of LANGS) {
      const url = localePath(lang, path);
      const response = await request.get(baseURL + url);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      const image = metaContent(html, "property", "og:image");
      expect(image, url).toMatch(new RegExp(`^${baseURL}/images/share/[a-z-]+-${lang}\\.png$`));
      expect(metaContent(html, "name", "twitter:image"), url).toBe(image);
      expect(metaContent(html, "property", "og:image:width"), url).toBe("1200");
      expect(metaContent(html, "property", "og:image:height"), url).toBe("630");
      expect(metaContent(html, "property", "og:image:type"), url).toBe("image/png");
      expect(metaContent(html, "property", "og:image:alt")?.length ?? 0, url).toBeGreaterThan(10);
      if (checked.has(image!)) continue;
      const png = await request.get(image!);
      expect(png.status(), image).toBe(200);
      expect(png.headers()["content-type"], image).toBe("image/png");
      const bytes = await png.body();
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], image).toEqual([1200, 630]);
      checked.set(image!, true);
    }
  }
  expect(checked.size).toBe(33);
});
