import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";
import { FAKE_ANSWER } from "~/tests/fakes/fake-openai";
import { KNOWLEDGE_BASE } from "~/lib/ai/knowledge-base";
import { markdownToPlainText, parseInline, parseMarkdown } from "~/lib/ai/markdown";

const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe("parseMarkdown", () => {
  it("reads headings, paragraphs, both kinds of lists and inline marks", () => {
    expect(
      parseMarkdown("### Title\n\nFirst line\nsecond line\n\n- one\n- **two**\n\n1. a\n\n2. b with `code`\n\n# Big\n---"),
    ).toEqual([
      { type: "heading", level: 3, children: [{ type: "text", text: "Title" }] },
      {
        type: "paragraph",
        children: [{ type: "text", text: "First line" }, { type: "break" }, { type: "text", text: "second line" }],
      },
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[{ type: "text", text: "one" }], [{ type: "strong", children: [{ type: "text", text: "two" }] }]],
      },
      {
        type: "list",
        ordered: true,
        start: 1,
        items: [
          [{ type: "text", text: "a" }],
          [{ type: "text", text: "b with " }, { type: "code", text: "code" }],
        ],
      },
      { type: "heading", level: 3, children: [{ type: "text", text: "Big" }] },
      { type: "rule" },
    ]);
  });

  it("keeps unfinished or unmatched marks as text (answers arrive in pieces)", () => {
    expect(parseInline("a **bold")).toEqual([{ type: "text", text: "a **bold" }]);
    expect(parseInline("2 * 3 = 6")).toEqual([{ type: "text", text: "2 * 3 = 6" }]);
    expect(parseInline("*em* and snake_case_name")).toEqual([
      { type: "em", children: [{ type: "text", text: "em" }] },
      { type: "text", text: " and snake_case_name" },
    ]);
    expect(parseInline("see [the guide](https://example.com)")).toEqual([
      { type: "text", text: "see " },
      { type: "text", text: "the guide" },
    ]);
  });

  it("keeps links to pages of this site and reads [n] as a citation marker", () => {
    expect(parseInline("Please [contact us](/ja/contact) today.")).toEqual([
      { type: "text", text: "Please " },
      { type: "link", href: "/ja/contact", children: [{ type: "text", text: "contact us" }] },
      { type: "text", text: " today." },
    ]);
    // Other schemes, hosts and protocol-relative URLs keep only their text.
    for (const href of ["https://example.com/x", "//example.com", "javascript:void", "/\\example.com"]) {
      expect(parseInline(`[x](${href})`)).toEqual([{ type: "text", text: "x" }]);
    }
    expect(parseInline("It is due when paid [1][2]. See [0] and [x].")).toEqual([
      { type: "text", text: "It is due when paid " },
      { type: "cite", n: 1 },
      { type: "cite", n: 2 },
      { type: "text", text: ". See [0] and [x]." },
    ]);
    expect(markdownToPlainText("Due when paid [1].")).toBe("Due when paid [1].");
  });

  it("reads fenced code, numbered lists starting elsewhere and list continuation lines", () => {
    expect(parseMarkdown("```\n<b>x</b>\n```\n3. c\ncontinued\n4. d")).toEqual([
      { type: "code", text: "<b>x</b>" },
      {
        type: "list",
        ordered: true,
        start: 3,
        items: [[{ type: "text", text: "c" }, { type: "break" }, { type: "text", text: "continued" }], [{ type: "text", text: "d" }]],
      },
    ]);
  });
});

describe("<Markdown>", () => {
  it("renders safe elements and escapes any HTML", () => {
    const html = render(
      '### Steps\n\n<script>alert(1)</script> **bold** <img src=x onerror="alert(1)">\n\n- `a<b>`\n\n1. one\n2. two',
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('<h3 class="');
    expect(html).toMatch(/<strong[^>]*>bold<\/strong>/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*><code[^>]*>a&lt;b&gt;<\/code><\/li><\/ul>/);
    expect(html).toMatch(/<ol[^>]*><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ol>/);
  });

  it("links citation markers to the Sources list when told where, named with the page, and leaves them as text otherwise", () => {
    const linked = renderToStaticMarkup(
      createElement(Markdown, {
        source: "Due when paid [1].",
        citationHref: (n: number) => (n === 1 ? { href: "#source-1", title: "Withholding tax on royalties" } : undefined),
      }),
    );
    expect(linked).toMatch(/<a href="#source-1"[^>]*>\[1\]<\/a>/);
    // A list of links read "[1]", "[2]" said nothing (found by a screen-reader user).
    expect(linked).toContain('aria-label="[1] Withholding tax on royalties"');
    const plain = renderToStaticMarkup(createElement(Markdown, { source: "Due when paid [2].", citationHref: () => undefined }));
    expect(plain).toContain("Due when paid [2].");
  });

  it("renders the fake model's answer and every knowledge-base answer without leftover marks", () => {
    expect(render(FAKE_ANSWER)).toMatch(/<h3[^>]*>Short answer<\/h3>/);
    for (const entries of Object.values(KNOWLEDGE_BASE)) {
      for (const entry of entries) {
        for (const { answer } of Object.values(entry)) {
          const text = markdownToPlainText(answer);
          expect(text).not.toMatch(/\*\*|^#+ /m);
          expect(render(answer)).not.toContain("**");
        }
      }
    }
  });
});
