// A small Markdown reader for the assistant's answers (and the knowledge base): paragraphs, "- "
// and "1. " lists, ### headings, **bold**, *italic*, `inline code`, fenced code and rules.
// It produces a tree of plain values; app/components/markdown.tsx turns it into React elements, so
// text is always escaped by React and no HTML from a model ever reaches the page as markup.
// Links keep only their text, unless they point to a page of this site ("/contact", "/ja/blog/2"):
// a model's URL is not something we want members to click blindly. "[1]" after a sentence is a
// citation marker; the renderer links it to the answer's Sources list.

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "cite"; n: number }
  | { type: "break" };

export type Block =
  | { type: "heading"; level: 3 | 4; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] }
  | { type: "code"; text: string }
  | { type: "rule" };

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^\s*[-*+•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; start: number; items: string[][] } | null = null;
  // A blank line inside a list keeps it open: "1. a\n\n2. b" is still one list.
  let blankAfterList = false;

  const closeParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", children: inlineLines(paragraph) });
    paragraph = [];
  };
  const closeList = () => {
    if (list) {
      blocks.push({ type: "list", ordered: list.ordered, start: list.start, items: list.items.map(inlineLines) });
    }
    list = null;
    blankAfterList = false;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) {
      closeParagraph();
      closeList();
      const marker = FENCE.exec(line)![1]!;
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(marker); i++) code.push(lines[i]!);
      blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    if (line.trim() === "") {
      closeParagraph();
      if (list) blankAfterList = true;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      closeParagraph();
      closeList();
      blocks.push({ type: "heading", level: heading[1]!.length <= 3 ? 3 : 4, children: parseInline(heading[2]!) });
      continue;
    }
    if (RULE.test(line)) {
      closeParagraph();
      closeList();
      blocks.push({ type: "rule" });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      closeParagraph();
      const ordered = Boolean(numbered);
      if (list && list.ordered !== ordered) closeList();
      if (!list) list = { ordered, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push([bullet ? bullet[1]! : numbered![2]!]);
      blankAfterList = false;
      continue;
    }
    // A line right after an item (no blank line between) continues that item, as in CommonMark;
    // after a blank line only an indented one does.
    if (list && !blankAfterList && paragraph.length === 0) {
      list.items[list.items.length - 1]!.push(line.trim());
      continue;
    }
    if (list && blankAfterList && /^\s{2,}\S/.test(line)) {
      list.items[list.items.length - 1]!.push(line.trim());
      blankAfterList = false;
      continue;
    }
    closeList();
    const quote = QUOTE.exec(line);
    paragraph.push((quote ? quote[1]! : line).trim());
  }
  closeParagraph();
  closeList();
  return blocks;
}

/** Lines of one paragraph or list item, joined by line breaks. */
function inlineLines(lines: string[]): Inline[] {
  const out: Inline[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push({ type: "break" });
    out.push(...parseInline(line));
  });
  return out;
}

const ESCAPABLE = /[\\`*_[\]#>+\-.!()]/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) out.push({ type: "text", text: buffer });
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\" && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: "code", text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((ch === "*" || ch === "_") && text[i + 1] === ch) {
      const marker = ch + ch;
      const end = text.indexOf(marker, i + 2);
      if (end > i + 2 && text[i + 2] !== " " && text[end - 1] !== " ") {
        flush();
        out.push({ type: "strong", children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === "*" && text[i + 1] !== "*" && text[i + 1] !== " " && i + 1 < text.length) {
      const end = findClosingStar(text, i + 1);
      if (end !== -1) {
        flush();
        out.push({ type: "em", children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === "[") {
      const link = /^\[([^\]\n]+)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/.exec(text.slice(i));
      if (link) {
        flush();
        const href = link[2]!;
        if (SITE_PATH.test(href)) out.push({ type: "link", href, children: parseInline(link[1]!) });
        else out.push(...parseInline(link[1]!));
        i += link[0].length;
        continue;
      }
      const cite = /^\[(\d{1,2})\]/.exec(text.slice(i));
      if (cite && Number(cite[1]) > 0) {
        flush();
        out.push({ type: "cite", n: Number(cite[1]) });
        i += cite[0].length;
        continue;
      }
    }
    buffer += ch;
    i++;
  }
  flush();
  return out;
}

/** A path on this site: starts with one "/", no scheme, no host, no backslash or space. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** The index of a single "*" closing an emphasis opened before `from`, or -1. */
function findClosingStar(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === "`") {
      const end = text.indexOf("`", j + 1);
      if (end !== -1) j = end;
      continue;
    }
    if (text[j] === "*") {
      if (text[j + 1] === "*") {
        j++;
        continue;
      }
      return text[j - 1] !== " " && j > from ? j : -1;
    }
  }
  return -1;
}

/** The plain text of a Markdown answer (for previews and meta descriptions). */
export function markdownToPlainText(source: string): string {
  const inlineText = (nodes: Inline[]): string =>
    nodes
      .map((node) =>
        node.type === "text" || node.type === "code"
          ? node.text
          : node.type === "break"
            ? " "
            : node.type === "cite"
              ? `[${node.n}]`
              : inlineText(node.children),
      )
      .join("");
  return parseMarkdown(source)
    .map((block) => {
      if (block.type === "heading" || block.type === "paragraph") return inlineText(block.children);
      if (block.type === "list") return block.items.map(inlineText).join(" ");
      if (block.type === "code") return block.text;
      return "";
    })
    .filter(Boolean)
    .join(" ");
}
