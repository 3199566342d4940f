import { describe, expect, it } from "vitest";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";
import { answersAsPage, refusalPage } from "./refusal-page";

describe("a refusal as a page", () => {
  it("is titled by what went wrong: the address, or a server that cannot answer now (found by a review)", () => {
    const address = refusalPage(new ApiError(400, "bad_request", COMMON_ERRORS.badRequest), "ja");
    expect(address).toContain("<title>このアドレスは開けません</title>");
    expect(address).toContain('<html lang="ja">');
    expect(address).toContain('href="/ja"');
    for (const status of [408, 503]) {
      const busy = refusalPage(new ApiError(status, "unavailable", COMMON_ERRORS.badRequest), "zh");
      expect(busy, String(status)).toContain("<title>此页面暂时无法使用</title>");
      expect(busy, String(status)).toContain('<html lang="zh-Hans">');
    }
  });

  it("escapes the message it shows", () => {
    const page = refusalPage(new ApiError(400, "x", { en: `<b>"it's" & more</b>`, ja: "", zh: "" }), "en");
    expect(page).toContain("&lt;b&gt;&quot;it&#39;s&quot; &amp; more&lt;/b&gt;");
    expect(page).not.toContain("<b>");
  });

  it("is only for a page's address asked for as HTML; the API, however its slashes are written, keeps its JSON", () => {
    const browser = "text/html,application/xhtml+xml,*/*;q=0.8";
    expect(answersAsPage("/ja/%ZZ", browser)).toBe(true);
    for (const path of ["/api/v1/user/me", "/API/v1", "//api/v1/user/me", "/api%2fv1/user/me", "/api"]) {
      expect(answersAsPage(path, browser), path).toBe(false);
    }
    expect(answersAsPage("/ja/%ZZ", "*/*")).toBe(false);
    expect(answersAsPage("/ja/%ZZ", undefined)).toBe(false);
  });
});
