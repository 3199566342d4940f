// Interface text of /blog and /blog/:id.
import type { Localized } from "~/lib/i18n/languages";

const en = {
  articlesTitle: "Latest Articles",
  readTime: "{minutes} min read",
  by: "By {author}",
  publishedOn: "Published on",
  category: "Category",
  tags: "Tags",
  aboutAuthor: "About the author",
  related: "Related Articles",
  backToBlog: "Back to all articles",
};

export type BlogMessages = typeof en;

export const blogMessages: Localized<BlogMessages> = {
  en,
  ja: {
    articlesTitle: "最新の記事",
    readTime: "約{minutes}分で読めます",
    by: "執筆：{author}",
    publishedOn: "公開日",
    category: "カテゴリー",
    tags: "タグ",
    aboutAuthor: "執筆者について",
    related: "関連記事",
    backToBlog: "記事一覧へ戻る",
  },
  zh: {
    articlesTitle: "最新文章",
    readTime: "阅读约需 {minutes} 分钟",
    by: "作者：{author}",
    publishedOn: "发布日期",
    category: "分类",
    tags: "标签",
    aboutAuthor: "关于作者",
    related: "相关文章",
    backToBlog: "返回文章列表",
  },
};
