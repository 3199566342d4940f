// The knowledge index: segmentation and ranking in English, Japanese and Chinese, built from the
// site's own content (lib/ai/passages.server.ts), and the refusal of questions it cannot answer.
import { describe, expect, it } from "vitest";
import { LANGS } from "~/lib/i18n/languages";
import { buildKnowledgeIndex, MAX_CITED_PAGES } from "./knowledge-index.server";
import { collectPassages, type Passage } from "./passages.server";
import { segmentWords } from "./segment";

const VARS = { siteName: "TaxAtlas", contactEmail: "hello@example.com", contactPhone: "+1 555 0100", contactAddress: "1 Example Street" };
const index = buildKnowledgeIndex(VARS);

describe("segmentWords", () => {
  it("splits English into stemmed words without function words", () => {
    expect(segmentWords("Do we need to register for VAT when invoicing EU consumers?", "en")).toEqual([
      "need",
      "regist",
      "vat",
      "invoic",
      "eu",
      "consum",
    ]);
    // Full-width letters are the same word as ASCII ones.
    expect(segmentWords("ＶＡＴ", "en")).toEqual(["vat"]);
  });

  it("splits Japanese into dictionary words and drops particles", () => {
    const words = segmentWords("消費税のインボイス制度で登録は必要ですか？", "ja");
    expect(words).toEqual(expect.arrayContaining(["消費", "税", "インボイス", "制度", "登録", "必要"]));
    for (const particle of ["の", "で", "は", "です", "か"]) expect(words).not.toContain(particle);
    // Latin words inside Japanese text stay whole.
    expect(segmentWords("SOC2とISO 27001", "ja")).toEqual(["soc2", "iso", "27001"]);
  });

  it("splits Chinese into words and drops function words", () => {
    const words = segmentWords("我们需要办理增值税一般纳税人登记吗？", "zh");
    expect(words).toEqual(expect.arrayContaining(["办理", "增值", "税", "一般", "纳税", "登记"]));
    for (const stop of ["我们", "需要", "吗"]) expect(words).not.toContain(stop);
  });
});

describe("collectPassages", () => {
  const passages = collectPassages(VARS);

  it("covers every published page in every language, with site paths in that language", () => {
    for (const lang of LANGS) {
      const urls = new Set(passages.filter((p) => p.lang === lang).map((p) => p.url.split("#")[0]));
      const prefix = lang === "en" ? "" : `/${lang}`;
      for (const path of [
        "/services/tax-consultation",
        "/services/technology-solutions",
        "/services/security-services",
        "/services/custom-software-development",
        "/blog/1",
        "/blog/2",
        "/blog/3",
        "/about",
        "/pricing",
        "/contact",
        "/privacy",
        "/terms",
        "/cookies",
      ]) {
        expect(urls, `${lang} ${path}`).toContain(`${prefix}${path}`);
      }
    }
  });

  it("fills the content placeholders and has unique ids", () => {
    expect(passages.some((p) => p.text.includes("{siteName}") || p.title.includes("{siteName}"))).toBe(false);
    expect(passages.some((p) => p.text.includes("hello@example.com"))).toBe(true);
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  });
});

describe("knowledge index ranking", () => {
  const first = (question: string, lang: "en" | "ja" | "zh") => index.retrieve(question, lang).hits[0]?.passage.url;

  it("finds the page that answers a question in English", () => {
    expect(first("Do we have to withhold tax on royalties paid to a foreign licensor?", "en")).toBe("/services/tax-consultation");
    expect(first("How many credits come with the Pro package?", "en")).toBe("/pricing");
    expect(first("What are your opening hours on Saturday?", "en")).toBe("/contact");
  });

  it("finds the page that answers a question in Japanese", () => {
    expect(first("日本で消費税の課税事業者になるのはどんなときですか", "ja")).toBe("/ja/services/tax-consultation");
    expect(first("電子インボイスの義務化に向けて経理部門は何を準備すべきですか", "ja")).toMatch(/^\/ja\/(blog\/2|services\/technology-solutions)$/);
    // The credit terms are published twice: in the Terms and in the pricing page's FAQ.
    expect(first("未使用のクレジットは返金してもらえますか", "ja")).toMatch(/^\/ja\/(terms|pricing)$/);
  });

  it("finds the page that answers a question in Chinese", () => {
    expect(first("转让定价同期资料需要准备哪些内容", "zh")).toBe("/zh/services/tax-consultation");
    expect(first("税务数据泄露以后应该怎么处理", "zh")).toMatch(/^\/zh\/(services\/security-services|blog\/3)$/);
    // Packages and their credits are on the pricing page and restated in the Terms.
    expect(first("专业版套餐包含多少积分", "zh")).toMatch(/^\/zh\/(pricing|terms)$/);
  });

  it("answers in the question's language only", () => {
    const hits = index.retrieve("How should access to our tax systems be controlled?", "en").hits;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.passage.lang).toBe("en");
    for (const hit of index.search("How should access to our tax systems be controlled?", "ja")) expect(hit.passage.lang).toBe("ja");
  });

  it("cites each page once, best first, at most four", () => {
    const { hits } = index.retrieve("How do we protect taxpayer data and respond to a security incident?", "en");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(MAX_CITED_PAGES);
    expect(new Set(hits.map((h) => h.passage.url)).size).toBe(hits.length);
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("calls questions the site cannot answer unanswerable, in every language", () => {
    for (const [question, lang] of [
      ["What's a good recipe for banana bread?", "en"],
      ["What's the inheritance tax exemption for a house left to my children?", "en"],
      ["美味しいラーメン屋を教えてください", "ja"],
      ["明日の東京の天気はどうですか", "ja"],
      ["今天北京的天气怎么样？", "zh"],
      ["红烧肉怎么做才好吃？", "zh"],
    ] as const) {
      expect(index.retrieve(question, lang), question).toMatchObject({ answerable: false, hits: [] });
    }
  });

  it("indexes any passages it is given", () => {
    const passages: Passage[] = [
      { id: "en:/a#1", lang: "en", url: "/a", title: "Royalty audits", text: "Licensors audit royalty statements every year to verify reported sales and payments." },
      { id: "en:/b#1", lang: "en", url: "/b", title: "Cookie banner", text: "The cookie banner stores your choice in local storage." },
    ];
    const small = buildKnowledgeIndex(VARS, passages);
    expect(small.passageCount).toBe(2);
    expect(small.search("When do licensors audit royalty statements?", "en")[0]?.passage.url).toBe("/a");
  });
});
