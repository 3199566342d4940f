// Translation completeness at run time (the `Localized<...>` types catch most of it at compile
// time, but not arrays of different lengths, empty strings or placeholders lost in translation).
// Every exported value of the content and message modules and of the isomorphic lib modules is
// walked; each object with an en/ja/zh key must have all three, with the same key paths, no empty
// string and the same {placeholders}.
import { describe, expect, it } from "vitest";
import { format } from "~/lib/i18n/format";
import { LANGS } from "~/lib/i18n/languages";

const modules = import.meta.glob<Record<string, unknown>>(
  [
    "/content/**/*.ts",
    "!/content/types.ts",
    "/lib/**/*.ts",
    "!/lib/**/*.test.ts",
    "!/lib/**/*.d.ts",
    "/app/page-helpers/*.ts",
    "!/app/page-helpers/*.test.ts",
  ],
  { eager: true },
);

type Leaf = string | number | boolean | null;

/** "a.b[0].c" → leaf for every leaf under `value`. */
function leaves(value: unknown, prefix = "", out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (Array.isArray(value)) {
    value.forEach((item, index) => leaves(item, `${prefix}[${index}]`, out));
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) leaves(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (typeof value !== "function" && value !== undefined) {
    out.set(prefix || "(value)", value as Leaf);
  }
  return out;
}

// {siteName} is filled in everywhere, so a translation may use it or say "we" (当社) instead; every
// other placeholder is supplied by the code that formats the string and must survive translation.
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?:\|[^{}|]*\|[^{}|]*)?\}/g)].map((m) => m[1]!))].filter((name) => name !== "siteName").sort();

interface Problem {
  where: string;
  problem: string;
}

function checkLocalized(node: Record<string, unknown>, where: string, problems: Problem[]): number {
  const missing = LANGS.filter((lang) => !(lang in node) || node[lang] === undefined);
  for (const lang of missing) problems.push({ where, problem: `no ${lang} entry` });
  const present = LANGS.filter((lang) => !missing.includes(lang));
  const trees = new Map(present.map((lang) => [lang, leaves(node[lang])]));
  const allPaths = new Set([...trees.values()].flatMap((tree) => [...tree.keys()]));
  for (const path of allPaths) {
    const without = present.filter((lang) => !trees.get(lang)!.has(path));
    if (without.length > 0) {
      const having = present.filter((lang) => !without.includes(lang));
      problems.push({ where: `${where}.<lang>.${path}`, problem: `in ${having.join(", ")} but not in ${without.join(", ")}` });
      continue;
    }
    const values = present.map((lang) => trees.get(lang)!.get(path));
    present.forEach((lang, i) => {
      const value = values[i];
      if (typeof value === "string" && value.trim() === "") problems.push({ where: `${where}.${lang}.${path}`, problem: "empty string" });
    });
    if (values.every((v) => typeof v === "string")) {
      const [first, ...rest] = values.map((v) => placeholders(v as string).join(","));
      rest.forEach((p, i) => {
        if (p !== first) {
          problems.push({
            where: `${where}.${present[i + 1]}.${path}`,
            problem: `placeholders {${p}} differ from ${present[0]}'s {${first}}`,
          });
        }
      });
    }
  }
  return 1;
}

/** Walks exported values; returns how many localized values were checked. */
function walk(value: unknown, where: string, problems: Problem[], seen: Set<object>): number {
  if (value === null || typeof value !== "object" || seen.has(value)) return 0;
  seen.add(value);
  if (Array.isArray(value)) return value.reduce<number>((n, item, i) => n + walk(item, `${where}[${i}]`, problems, seen), 0);
  const record = value as Record<string, unknown>;
  if (LANGS.some((lang) => lang in record)) return checkLocalized(record, where, problems);
  let count = 0;
  for (const [key, item] of Object.entries(record)) count += walk(item, `${where}.${key}`, problems, seen);
  return count;
}

function checkModule(file: string, exports: Record<string, unknown>) {
  const problems: Problem[] = [];
  const seen = new Set<object>();
  let count = 0;
  for (const [name, value] of Object.entries(exports)) count += walk(value, `${file}#${name}`, problems, seen);
  return { problems, count };
}

describe("translations", () => {
  const files = Object.keys(modules).sort();

  it("finds the content and message modules", () => {
    expect(files).toContain("/content/messages/common.ts");
    expect(files).toContain("/content/home.ts");
    expect(files).toContain("/lib/contracts/field-errors.ts");
    expect(files).toContain("/lib/catalog.ts");
  });

  it.each(files.filter((f) => f.startsWith("/content/") || f.endsWith("/messages.ts")))(
    "%s exports localized text only",
    (file) => {
      const { problems, count } = checkModule(file, modules[file]!);
      expect(problems.map((p) => `${p.where}: ${p.problem}`)).toEqual([]);
      // Message modules exist to be translated; content modules may also hold language-neutral data (logos).
      if (file.includes("/messages")) expect(count, `${file} exports no en/ja/zh value`).toBeGreaterThan(0);
    },
  );

  it("every localized value elsewhere in lib/ is complete (field errors, catalog, API errors, ...)", () => {
    const problems: string[] = [];
    let count = 0;
    for (const file of files.filter((f) => f.startsWith("/lib/") && !f.endsWith("/messages.ts"))) {
      const result = checkModule(file, modules[file]!);
      count += result.count;
      problems.push(...result.problems.map((p) => `${p.where}: ${p.problem}`));
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(0);
  });

  it("never says '1 credits' in English: a count of one takes the singular ({count|# credit|# credits})", () => {
    const wrong: string[] = [];
    let counted = 0;
    const visit = (value: unknown, where: string, seen: Set<object>) => {
      if (value === null || typeof value !== "object" || seen.has(value)) return;
      seen.add(value);
      const record = value as Record<string, unknown>;
      if (!Array.isArray(value) && "en" in record && "ja" in record) {
        for (const [path, text] of leaves(record.en)) {
          if (typeof text !== "string" || !/\{\w+/.test(text)) continue;
          counted++;
          const one = format(text, Object.fromEntries(placeholders(text).map((name) => [name, 1])));
          // An adjective between the number and its noun too ("1 new members this month": a review).
          if (/\b1 (?:new |more |other |unread |paying )?(credits|questions|answers|sessions|messages|users|members|accounts|payments|purchases|refunds|receipts|days|hours|minutes|seconds|items|projects|articles|results|characters|services|pages|times)\b/.test(one)) wrong.push(`${where}.en.${path}: ${one}`);
        }
        return;
      }
      for (const [key, item] of Object.entries(record)) visit(item, `${where}.${key}`, seen);
    };
    for (const file of files) for (const [name, value] of Object.entries(modules[file]!)) visit(value, `${file}#${name}`, new Set());
    expect(wrong).toEqual([]);
    expect(counted).toBeGreaterThan(50);
    expect(format("Your balance: {count|# credit|# credits}.", { count: 1 })).toBe("Your balance: 1 credit.");
    expect(format("Your balance: {count|# credit|# credits}.", { count: 0 })).toBe("Your balance: 0 credits.");
    expect(format("{count|one|many}, {name}", { name: "Ada" })).toBe("{count|one|many}, Ada");
  });

  it("detects a missing key, an extra array item, an empty string and a lost placeholder", () => {
    const broken = {
      messages: {
        en: { a: "Hello {name}", list: ["one", "two"], nested: { b: "B" }, c: "C" },
        ja: { a: "こんにちは {siteName}", list: ["一"], nested: { b: "B" }, c: " " },
        zh: { a: "你好 {name}", list: ["一", "二"], nested: {}, c: "C" },
      },
      partial: { en: "only English" },
    };
    const { problems } = checkModule("fixture", broken);
    const text = problems.map((p) => `${p.where}: ${p.problem}`);
    expect(text).toEqual(
      expect.arrayContaining([
        expect.stringContaining("list[1]: in en, zh but not in ja"),
        expect.stringContaining("nested.b: in en, ja but not in zh"),
        expect.stringContaining("ja.a: placeholders"),
        expect.stringContaining("partial: no ja entry"),
        expect.stringContaining("partial: no zh entry"),
        expect.stringContaining("ja.c: empty string"),
      ]),
    );
  });
});
