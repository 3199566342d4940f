// Home page. The example questions are taken from the AI assistant's knowledge base (same wording
// as on the service page that answers them), so they can never drift.
import { KNOWLEDGE_BASE } from "~/lib/ai/knowledge-base";
import type { HomeContent, Lang, Localized, ServiceSlug } from "./types";

/** The three example questions: [service page, index of the knowledge-base entry]. */
const EXAMPLE_QUESTIONS: readonly [ServiceSlug, number][] = [
  ["tax-consultation", 0], // transfer pricing
  ["technology-solutions", 0], // e-invoicing mandates
  ["security-services", 0], // protecting taxpayer data
];

/** The product shot's answer: the first paragraph of the knowledge-base answer, plain text, cut at a sentence. */
function answerOpening(markdown: string, max: number): string {
  const first = markdown.split(/\n\s*\n/)[0]!.replace(/\*\*/g, "").replace(/\s+/g, " ").trim();
  if (first.length <= max) return first;
  const cut = first.slice(0, max);
  const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("。"));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.replace(/[\s,、，]+\S*$/, "")}…`;
}

const showcaseEntry = (lang: Lang) => KNOWLEDGE_BASE["tax-consultation"][0]![lang];

const exampleQuestions = (lang: Lang): HomeContent["questions"]["items"] =>
  EXAMPLE_QUESTIONS.map(([slug, index]) => ({
    slug,
    question: KNOWLEDGE_BASE[slug][index][lang].question,
  }));

export const home: Localized<HomeContent> = {
  en: {
    seo: {
      title: "Tax Consultation and Technology for Businesses",
      description:
        "{siteName} combines tax consultation, tax technology, security services and custom software to help businesses of every size stay compliant with confidence.",
    },
    hero: {
      title: "Tax expertise, engineered for your business",
      subtitle:
        "{siteName} brings tax consultants and software engineers together to help businesses, from small firms to global enterprises, stay compliant, secure and efficient.",
      cta: "Get Started",
      signupPrompt: "New here? Create an account and try the assistant with free credits.",
      consult: "Book a consultation",
      ask: "Ask the assistant",
      showcase: {
        label: "Tax assistant",
        question: showcaseEntry("en").question,
        answer: answerOpening(showcaseEntry("en").answer, 260),
        sourcesLabel: "Sources",
        source: "Tax Consultation · {siteName}",
        cost: "1 credit",
        reviewed: "Every answer cites the firm's published guidance",
      },
    },
    intro: {
      title: "Where tax knowledge meets technology",
      paragraphs: [
        "Tax is no longer just about filing returns. E-invoicing mandates, real-time reporting and global minimum tax rules mean that your tax position now depends on the quality of your data and the reliability of your systems.",
        "{siteName} brings both sides together. Our consultants understand the rules, our engineers build and secure the systems that apply them, and together we deliver solutions that finance, tax and IT teams can rely on.",
      ],
    },
    services: {
      title: "How We Help",
      subtitle: "Advice, software and security, designed to work together.",
      cards: [
        {
          slug: "tax-consultation",
          title: "Tax Consultation",
          description:
            "Clear, practical advice on transfer pricing, VAT and consumption tax, permanent establishment risk and cross-border withholding tax.",
          cta: "Explore",
        },
        {
          slug: "custom-software-development",
          title: "Custom Software Development",
          description:
            "Tax calculation services, royalty platforms and tax authority integrations, built around your processes and tested against real tax scenarios.",
          cta: "Explore",
        },
        {
          slug: "security-services",
          title: "Security Services",
          description:
            "Protect taxpayer data with access control, SOC 2 and ISO 27001 readiness, incident response planning and data residency reviews.",
          cta: "Explore",
        },
      ],
    },
    logos: {
      title: "Built for Finance and Tax Teams in Every Sector",
      subtitle:
        "Logistics, retail, manufacturing, insurance, energy and healthcare: the sectors of our recent work. We keep our clients' names confidential, so the marks below are illustrations, not client logos.",
    },
    questions: {
      title: "Common Tax Questions",
      subtitle:
        "Our AI tax assistant answers questions like these on each service page. Choose one to put it to the assistant: asking needs an account, and each answer uses one credit.",
      items: exampleQuestions("en"),
    },
  },

  ja: {
    seo: {
      title: "企業の税務コンサルティングと税務テクノロジー",
      description:
        "{siteName}は、税務コンサルティング、税務テクノロジー、セキュリティ、カスタムソフトウェア開発を組み合わせ、あらゆる規模の企業の確かな税務コンプライアンスを支援します。",
    },
    hero: {
      title: "税務の専門性を、テクノロジーで貴社の力に",
      subtitle:
        "{siteName}では、税務コンサルタントとソフトウェアエンジニアが一つのチームとなり、中小企業からグローバル企業まで、正確で安全かつ効率的な税務対応を支援します。",
      cta: "今すぐ始める",
      signupPrompt: "はじめての方は、アカウントを作成して無料クレジットでアシスタントをお試しください。",
      consult: "相談を予約する",
      ask: "アシスタントに質問する",
      showcase: {
        label: "税務アシスタント",
        question: showcaseEntry("ja").question,
        answer: answerOpening(showcaseEntry("ja").answer, 110),
        sourcesLabel: "出典",
        source: "税務コンサルティング · {siteName}",
        cost: "1 クレジット",
        reviewed: "すべての回答に、当社が公開している資料の出典を示します",
      },
    },
    intro: {
      title: "税務の知見とテクノロジーが出会う場所",
      paragraphs: [
        "税務は、もはや申告書を提出するだけの業務ではありません。電子インボイスの義務化、リアルタイム報告、グローバル・ミニマム課税の導入により、税務対応の成否はデータの品質とシステムの信頼性に大きく左右されるようになりました。",
        "{siteName}は、その両面をつなぎます。ルールを熟知したコンサルタントと、それを実装し安全に運用するシステムを構築するエンジニアが協働し、経理・税務・IT部門の皆さまが安心して頼れるソリューションをお届けします。",
      ],
    },
    services: {
      title: "私たちのサービス",
      subtitle: "アドバイス、ソフトウェア、セキュリティを、一体となって機能するように。",
      cards: [
        {
          slug: "tax-consultation",
          title: "税務コンサルティング",
          description:
            "移転価格、VAT・消費税、恒久的施設（PE）リスク、国際的な源泉徴収など、税務上の課題に明確で実務的な助言を行います。",
          cta: "詳しく見る",
        },
        {
          slug: "custom-software-development",
          title: "カスタムソフトウェア開発",
          description:
            "税額計算サービス、ロイヤルティ管理プラットフォーム、税務当局との連携などを、貴社の業務に合わせて開発し、実際の税務シナリオで検証します。",
          cta: "詳しく見る",
        },
        {
          slug: "security-services",
          title: "セキュリティサービス",
          description:
            "アクセス管理、SOC 2・ISO 27001の取得支援、インシデント対応計画、データの保存場所の検討を通じて、納税者データを守ります。",
          cta: "詳しく見る",
        },
      ],
    },
    logos: {
      title: "あらゆる業種の経理・税務部門のために",
      subtitle: "物流、小売、製造、保険、エネルギー、ヘルスケアなど、さまざまな業種の企業を支援しています。お客様の社名は公表していないため、以下のロゴはイメージであり、実際のお客様のロゴではありません。",
    },
    questions: {
      title: "よくある税務のご質問",
      subtitle: "各サービスページでは、AI税務アシスタントがこのようなご質問にお答えします。ご質問を選ぶとアシスタントに尋ねられます（ご利用にはアカウントが必要で、回答1件につき1クレジットを消費します）。",
      items: exampleQuestions("ja"),
    },
  },

  zh: {
    seo: {
      title: "面向企业的税务咨询与税务技术服务",
      description:
        "{siteName}融合税务咨询、税务技术、安全服务与定制软件开发，助力各类规模的企业从容实现税务合规。",
    },
    hero: {
      title: "专业税务，科技赋能",
      subtitle:
        "{siteName}汇聚税务顾问与软件工程师，助力从小微企业到跨国集团的各类企业实现准确、安全、高效的税务合规。",
      cta: "立即开始",
      signupPrompt: "初次访问？创建账户，即可使用免费积分体验 AI 助手。",
      consult: "预约咨询",
      ask: "向 AI 助手提问",
      showcase: {
        label: "税务助手",
        question: showcaseEntry("zh").question,
        answer: answerOpening(showcaseEntry("zh").answer, 100),
        sourcesLabel: "出处",
        source: "税务咨询 · {siteName}",
        cost: "1 积分",
        reviewed: "每条回答均注明所依据的本所公开资料",
      },
    },
    intro: {
      title: "税务专业与技术能力的深度融合",
      paragraphs: [
        "税务早已不只是按期申报。电子发票强制推行、实时报告和全球最低税规则，意味着企业的税务状况越来越取决于数据质量和系统的可靠性。",
        "{siteName}将两者融为一体：我们的顾问深谙税务规则，我们的工程师负责构建并守护落实这些规则的系统，携手为财务、税务和IT团队提供值得信赖的解决方案。",
      ],
    },
    services: {
      title: "我们能为您做什么",
      subtitle: "咨询、软件与安全，协同发力。",
      cards: [
        {
          slug: "tax-consultation",
          title: "税务咨询",
          description: "就转让定价、增值税与消费税、常设机构风险和跨境预提所得税等问题，提供清晰、务实的专业建议。",
          cta: "了解详情",
        },
        {
          slug: "custom-software-development",
          title: "定制软件开发",
          description: "围绕企业流程打造税额计算服务、特许权使用费平台及税务机关对接系统，并以真实税务场景进行充分测试。",
          cta: "了解详情",
        },
        {
          slug: "security-services",
          title: "安全服务",
          description: "通过访问控制、SOC 2与ISO 27001认证准备、应急响应预案和数据本地化评估，全面保护纳税人数据。",
          cta: "了解详情",
        },
      ],
    },
    logos: {
      title: "服务各行各业的财务与税务团队",
      subtitle: "物流、零售、制造、保险、能源与医疗等行业，都是我们近期服务的领域。我们对客户名称保密，因此下方标志仅为示意，并非客户标志。",
    },
    questions: {
      title: "常见税务问题",
      subtitle: "各服务页面上的AI税务助手可以解答此类问题。点击任一问题即可向助手提问（需要登录账户，每个回答消耗1积分）。",
      items: exampleQuestions("zh"),
    },
  },
};
