// Query expansion for the knowledge index: clients ask in their own words ("money back", "on
// weekends", "子公司"), the firm's pages use the trade's ("refund", "Saturday", "关联企业"). Each entry
// maps everyday or brand words to the words the site uses for the same thing; they are added to
// the question with a lower weight (EXPANSION_BOOST in knowledge-index.server.ts) and never replace
// its own words. Only true synonyms or a named thing's category (SAP is an ERP system), in all
// three languages, so the entries answer a vocabulary gap rather than a particular question.
import type { Lang } from "~/lib/i18n/languages";
import { normalizeText, segment } from "./segment";

/** Client word or phrase → the site's words for it (each side written as plain text). */
const THESAURUS: Record<Lang, [string[], string][]> = {
  en: [
    [["weekend", "weekends"], "saturday sunday"],
    [["weekday", "weekdays"], "monday friday"],
    [["opening hours", "open"], "business hours"],
    [["money back", "reimburse", "reimbursement", "repay"], "refund"],
    [["compulsory", "obligatory", "required by law"], "mandatory mandates"],
    [["subsidiary", "subsidiaries", "parent company", "parent", "affiliate", "sister company"], "intercompany group companies related"],
    [["patent", "patents", "trademark", "copyright"], "intellectual property licence"],
    [["hold back", "deduct", "deduction at source"], "withhold withholding"],
    [["stolen", "lost", "hacked", "leaked", "leak"], "breach incident exposed"],
    [["sap", "oracle", "netsuite", "dynamics"], "erp"],
    [["vertex", "avalara", "sovos"], "tax engine"],
    [["excel"], "spreadsheets"],
    [["run out", "lapse", "validity"], "expire"],
    [["employees", "staff", "headcount"], "team members"],
    [["plan", "plans", "tier", "bundle"], "package"],
  ],
  ja: [
    [["週末", "土日"], "土曜日 日曜日"],
    [["平日"], "月曜日 金曜日"],
    [["営業", "開いて"], "営業時間"],
    [["お金を返", "払い戻"], "返金"],
    [["子会社", "親会社", "関連会社"], "グループ会社 関連者"],
    [["特許", "商標", "著作権"], "知的財産 無形資産 ライセンス"],
    [["流出", "盗難", "紛失", "漏洩"], "漏えい インシデント"],
    [["エクセル", "excel"], "表計算"],
    [["sap", "oracle"], "erp"],
    [["社員", "従業員", "人数"], "スタッフ メンバー"],
    [["プラン", "コース"], "パッケージ"],
  ],
  zh: [
    [["周末", "星期六", "星期天", "礼拜"], "周六 周日"],
    [["工作日"], "周一至周五"],
    [["上班", "下班", "营业", "开门"], "营业时间"],
    [["退钱", "返还"], "退款"],
    [["子公司", "母公司", "分公司"], "关联企业 关联交易 集团"],
    [["专利", "商标", "版权"], "知识产权 无形资产 许可"],
    [["注册"], "登记"],
    [["网课", "在线课程", "app订阅"], "数字服务"],
    [["泄露", "被盗", "丢失", "泄漏"], "泄露 安全事件"],
    [["excel", "表格"], "电子表格"],
    [["sap", "oracle"], "erp"],
    [["有效期", "失效"], "过期"],
    [["员工", "职员", "人数"], "团队成员"],
    [["方案", "计划", "档位"], "套餐"],
  ],
};

interface Entry {
  /** English: stemmed words joined by spaces, matched on word boundaries; ja/zh: text, matched as a substring. */
  keys: string[];
  words: string[];
  pairs: string[];
}

const ENTRIES = new Map<Lang, Entry[]>();
function entries(lang: Lang): Entry[] {
  let found = ENTRIES.get(lang);
  if (!found) {
    found = THESAURUS[lang].map(([keys, target]) => ({
      keys: keys.map((key) => (lang === "en" ? segment(key, "en").words.join(" ") : normalizeText(key))),
      ...segment(target, lang),
    }));
    ENTRIES.set(lang, found);
  }
  return found;
}

/** The thesaurus's additions to a question (expandQuery). */
export interface Expansion {
  words: string[];
  pairs: string[];
  via: Map<string, string[]>;
}

/** A question's own terms (lib/ai/segment.ts) and the site's words for them. */
export interface QuestionTerms {
  words: string[];
  pairs: string[];
  expansion: Expansion;
}

let lastQuestion: { question: string; lang: Lang; terms: QuestionTerms } | null = null;

/**
 * The terms of `question` in `lang`: its words and character pairs, and the thesaurus's words for
 * them. The search and then each excerpt of the prompt or the composed answer ask for the same
 * question in a row, so the last one is kept (callers must not change what they get).
 */
export function questionTerms(question: string, lang: Lang): QuestionTerms {
  if (lastQuestion?.question === question && lastQuestion.lang === lang) return lastQuestion.terms;
  const { words, pairs } = segment(question, lang);
  const terms = { words, pairs, expansion: expandQuery(question, words, lang) };
  lastQuestion = { question, lang, terms };
  return terms;
}

/**
 * The site's words for what the question says in other words: the words and character pairs to
 * add to the query, and for each question word the site's words it stands for (so a word the site
 * never uses but has a synonym for still counts as known).
 */
export function expandQuery(question: string, questionWords: string[], lang: Lang): Expansion {
  const words: string[] = [];
  const pairs: string[] = [];
  const via = new Map<string, string[]>();
  const text = lang === "en" ? ` ${questionWords.join(" ")} ` : normalizeText(question);
  for (const entry of entries(lang)) {
    const key = entry.keys.find((k) => k && text.includes(lang === "en" ? ` ${k} ` : k));
    if (!key) continue;
    words.push(...entry.words);
    pairs.push(...entry.pairs);
    for (const word of questionWords) {
      if (lang === "en" ? key.split(" ").includes(word) : key.includes(word) || word.includes(key)) {
        via.set(word, [...(via.get(word) ?? []), ...entry.words]);
      }
    }
  }
  return { words, pairs, via };
}
