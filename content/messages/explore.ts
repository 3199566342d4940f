// Interface text of the member's home (/explore): balance, assistants, recent questions, purchases.
import type { Localized } from "~/lib/i18n/languages";
import type { ServiceSlug } from "~/lib/service-catalog";

interface Assistant {
  label: string;
  description: string;
}

const en = {
  seoTitle: "Your account",
  seoDescription: "Your credit balance, the AI tax assistants, your recent questions and your purchases.",
  greeting: "Welcome, {name}",
  intro: "Ask the AI assistants, follow your questions and keep an eye on your credits.",
  balance: {
    title: "Credit balance",
    value: "{count} credits",
    note: "Each answer from an assistant costs 1 credit. A failed answer costs nothing.",
    buy: "Buy credits",
    refreshFailed: "Could not refresh the balance; the figure shown may be out of date.",
    empty: "You have no credits left. Buy a package to keep asking the assistants.",
  },
  assistants: {
    title: "Ask an assistant",
    open: "Open",
    items: {
      "tax-consultation": {
        label: "Tax Consultation",
        description: "Cross-border tax, treaties, withholding and compliance questions.",
      },
      "technology-solutions": {
        label: "Technology Solutions",
        description: "Tax software, automation and e-invoicing.",
      },
      "security-services": {
        label: "Security Services",
        description: "Protecting tax and financial data, audits and compliance.",
      },
      "custom-software-development": {
        label: "Custom Software Development",
        description: "Building software tailored to your tax and business processes.",
      },
    } satisfies Record<ServiceSlug, Assistant>,
  },
  questions: {
    title: "Recent questions",
    loading: "Loading your questions...",
    empty: "You have not asked any questions yet. Choose an assistant above to ask your first one.",
    error: "Your questions could not be loaded.",
    retry: "Try again",
    asked: "Asked {date}",
    credits: "{count} credit spent",
    creditsPlural: "{count} credits spent",
    noAnswer: "No answer was given, and no credit was spent.",
    pendingAnswer: "The answer is still being written.",
    stoppedAnswer: "This answer was stopped before it was complete, so it is not shown and no credit was used.",
    knowledgeBase: "From our published material",
    sources: "Sources",
    threadCount: "{count} questions in this conversation",
    open: "Open on the service page to follow up",
    status: {
      answered: "Answered",
      pending: "In progress",
      failed: "Failed",
      stopped: "Stopped — no credit used",
    },
  },
  purchases: {
    title: "Purchases",
    loading: "Loading your purchases...",
    empty: "You have not bought any credits yet.",
    error: "Your purchases could not be loaded.",
    retry: "Try again",
    package: "Package",
    date: "Date",
    amount: "Amount",
    credits: "Credits",
    status: "Status",
    creditsValue: "+{count}",
    statuses: {
      pending: "Pending",
      requires_action: "Awaiting confirmation",
      succeeded: "Paid",
      failed: "Failed",
    },
  },
};

export type ExploreMessages = typeof en;

export const explore: Localized<ExploreMessages> = {
  en,
  ja: {
    seoTitle: "マイページ",
    seoDescription: "クレジット残高、AI 税務アシスタント、最近の質問、購入履歴を確認できます。",
    greeting: "ようこそ、{name} さん",
    intro: "AI アシスタントへの質問、これまでの質問の確認、クレジットの管理ができます。",
    balance: {
      title: "クレジット残高",
      value: "{count} クレジット",
      note: "アシスタントの回答 1 件につき 1 クレジットを消費します。回答に失敗した場合は消費されません。",
      buy: "クレジットを購入",
      refreshFailed: "残高を更新できませんでした。表示されている数値は最新でない可能性があります。",
      empty: "クレジットが残っていません。引き続き質問するには、パッケージをご購入ください。",
    },
    assistants: {
      title: "アシスタントに質問する",
      open: "開く",
      items: {
        "tax-consultation": {
          label: "税務コンサルティング",
          description: "国際税務、租税条約、源泉徴収、コンプライアンスに関するご質問に。",
        },
        "technology-solutions": {
          label: "テクノロジーソリューション",
          description: "税務ソフトウェア、業務の自動化、電子インボイスについて。",
        },
        "security-services": {
          label: "セキュリティサービス",
          description: "税務・財務データの保護、監査、コンプライアンスについて。",
        },
        "custom-software-development": {
          label: "カスタムソフトウェア開発",
          description: "税務や業務プロセスに合わせたソフトウェア開発について。",
        },
      },
    },
    questions: {
      title: "最近の質問",
      loading: "質問を読み込んでいます...",
      empty: "まだ質問はありません。上のアシスタントを選んで、最初の質問をしてみましょう。",
      error: "質問を読み込めませんでした。",
      retry: "再試行",
      asked: "{date} に質問",
      credits: "{count} クレジット消費",
      creditsPlural: "{count} クレジット消費",
      noAnswer: "回答は得られませんでした。クレジットは消費されていません。",
      pendingAnswer: "回答を作成中です。",
      stoppedAnswer: "この回答は完成前に中止されたため表示されません。クレジットは消費されていません。",
      knowledgeBase: "公開資料からの回答",
      sources: "出典",
      threadCount: "この会話の質問：{count} 件",
      open: "サービスページで開いて追加の質問をする",
      status: {
        answered: "回答済み",
        pending: "処理中",
        failed: "失敗",
        stopped: "中止 — クレジット消費なし",
      },
    },
    purchases: {
      title: "購入履歴",
      loading: "購入履歴を読み込んでいます...",
      empty: "まだクレジットを購入していません。",
      error: "購入履歴を読み込めませんでした。",
      retry: "再試行",
      package: "パッケージ",
      date: "日付",
      amount: "金額",
      credits: "クレジット",
      status: "状態",
      creditsValue: "+{count}",
      statuses: {
        pending: "処理中",
        requires_action: "確認待ち",
        succeeded: "支払い済み",
        failed: "失敗",
      },
    },
  },
  zh: {
    seoTitle: "我的主页",
    seoDescription: "查看积分余额、AI 税务助手、最近的提问和购买记录。",
    greeting: "欢迎，{name}",
    intro: "向 AI 助手提问、查看您的提问记录，并随时掌握积分余额。",
    balance: {
      title: "积分余额",
      value: "{count} 积分",
      note: "助手每回答一次消耗 1 积分；回答失败不扣积分。",
      buy: "购买积分",
      refreshFailed: "无法刷新余额，显示的数字可能不是最新的。",
      empty: "您的积分已用完。购买套餐即可继续向助手提问。",
    },
    assistants: {
      title: "向助手提问",
      open: "打开",
      items: {
        "tax-consultation": {
          label: "税务咨询",
          description: "跨境税务、税收协定、预提税及合规问题。",
        },
        "technology-solutions": {
          label: "技术解决方案",
          description: "税务软件、流程自动化与电子发票。",
        },
        "security-services": {
          label: "安全服务",
          description: "税务与财务数据保护、审计与合规。",
        },
        "custom-software-development": {
          label: "定制软件开发",
          description: "根据您的税务和业务流程量身打造软件。",
        },
      },
    },
    questions: {
      title: "最近的提问",
      loading: "正在加载您的提问...",
      empty: "您还没有提过问题。请在上方选择一个助手，提出您的第一个问题。",
      error: "无法加载您的提问。",
      retry: "重试",
      asked: "提问于 {date}",
      credits: "消耗 {count} 积分",
      creditsPlural: "消耗 {count} 积分",
      noAnswer: "未能给出回答，未扣除积分。",
      pendingAnswer: "回答仍在生成中。",
      stoppedAnswer: "该回答在完成前已停止，因此不予显示，也未扣除积分。",
      knowledgeBase: "摘自已发布资料",
      sources: "来源",
      threadCount: "此对话共 {count} 个问题",
      open: "在服务页面打开并继续追问",
      status: {
        answered: "已回答",
        pending: "处理中",
        failed: "失败",
        stopped: "已停止 — 未扣除积分",
      },
    },
    purchases: {
      title: "购买记录",
      loading: "正在加载购买记录...",
      empty: "您还没有购买过积分。",
      error: "无法加载购买记录。",
      retry: "重试",
      package: "套餐",
      date: "日期",
      amount: "金额",
      credits: "积分",
      status: "状态",
      creditsValue: "+{count}",
      statuses: {
        pending: "处理中",
        requires_action: "待确认",
        succeeded: "已支付",
        failed: "失败",
      },
    },
  },
};
