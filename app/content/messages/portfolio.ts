// Interface text of /portfolio: filters, cards and the details dialog.
import type { Localized } from "../../../lib/i18n/languages";

const en = {
  filterLabel: "Filter projects by category",
  filters: {
    all: "All",
    web: "Web Development",
    technology: "Technology Solutions",
    security: "Security Services",
  },
  showing: "Showing {count} of {total} projects",
  more: "+{count} more",
  year: "Year",
  client: "Client",
  technologies: "Technologies",
  viewDetails: "View Details",
  viewLive: "View Live",
  viewCode: "View Code",
  close: "Close",
};

export type PortfolioMessages = typeof en;

export const portfolioMessages: Localized<PortfolioMessages> = {
  en,
  ja: {
    filterLabel: "カテゴリーで絞り込む",
    filters: {
      all: "すべて",
      web: "Web開発",
      technology: "テクノロジーソリューション",
      security: "セキュリティサービス",
    },
    showing: "全{total}件中 {count}件を表示しています",
    more: "ほか{count}件",
    year: "年",
    client: "クライアント",
    technologies: "使用技術",
    viewDetails: "詳細を見る",
    viewLive: "デモを見る",
    viewCode: "技術解説を見る",
    close: "閉じる",
  },
  zh: {
    filterLabel: "按类别筛选项目",
    filters: {
      all: "全部",
      web: "网站开发",
      technology: "技术解决方案",
      security: "安全服务",
    },
    showing: "共 {total} 个项目，当前显示 {count} 个",
    more: "另有 {count} 项",
    year: "年份",
    client: "客户",
    technologies: "技术栈",
    viewDetails: "查看详情",
    viewLive: "查看演示",
    viewCode: "查看技术解读",
    close: "关闭",
  },
};
