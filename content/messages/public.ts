// Interface text of the public pages that is not authored content: about, services, the cookie
// choice panel on /cookies and /terms, and the share button.
import type { Localized } from "~/lib/i18n/languages";

const en = {
  about: {
    statsLabel: "{siteName} in numbers",
    valuesTitle: "Our Values",
  },
  services: {
    learnMore: "Learn More",
    highlightsLabel: "What we cover",
  },
  consentPanel: {
    title: "Your cookie settings",
    cookiesText:
      "Open the preferences to choose which optional cookies we may use, or accept all of them at once. You can change your choice here or from the footer at any time.",
    termsText:
      "These terms refer to our use of cookies. See the details to choose which optional cookies we may use, or accept them here. You can change your choice at any time.",
  },
  share: {
    button: "Share",
    copied: "Link copied to the clipboard.",
    shared: "Thanks for sharing!",
    copyManually: "Copy this link to share the article:",
  },
};

export type PublicMessages = typeof en;

export const publicPages: Localized<PublicMessages> = {
  en,
  ja: {
    about: {
      statsLabel: "数字で見る{siteName}",
      valuesTitle: "私たちの価値観",
    },
    services: {
      learnMore: "詳しく見る",
      highlightsLabel: "主な対応内容",
    },
    consentPanel: {
      title: "Cookieの設定",
      cookiesText:
        "詳細設定を開いて使用を許可する任意のCookieを選ぶか、すべてを一括で許可できます。設定はこのページやフッターからいつでも変更できます。",
      termsText:
        "本規約には当社のCookie利用に関する内容が含まれます。詳細を開いて使用を許可する任意のCookieを選ぶか、ここで同意いただけます。設定はいつでも変更できます。",
    },
    share: {
      button: "共有する",
      copied: "リンクをクリップボードにコピーしました。",
      shared: "共有していただき、ありがとうございます。",
      copyManually: "以下のリンクをコピーして記事を共有してください：",
    },
  },
  zh: {
    about: {
      statsLabel: "{siteName}数据一览",
      valuesTitle: "我们的价值观",
    },
    services: {
      learnMore: "了解更多",
      highlightsLabel: "服务内容",
    },
    consentPanel: {
      title: "您的 Cookie 设置",
      cookiesText: "打开偏好设置，选择允许我们使用哪些可选 Cookie，或一键全部接受。您可以随时在此处或页脚中更改选择。",
      termsText: "本条款涉及我们对 Cookie 的使用。您可以查看详情并选择允许使用的可选 Cookie，也可以在此直接接受。您可以随时更改选择。",
    },
    share: {
      button: "分享",
      copied: "链接已复制到剪贴板。",
      shared: "感谢您的分享！",
      copyManually: "请复制以下链接分享本文：",
    },
  },
};
