// About page.
import type { AboutContent, Localized } from "./types";

export const about: Localized<AboutContent> = {
  en: {
    seo: {
      title: "About Us",
      description:
        "Meet {siteName}: tax consultants and software engineers with more than ten years of experience helping businesses stay compliant, secure and efficient.",
    },
    title: "About {siteName}",
    subtitle: "Tax consultants and software engineers, working as one team for more than a decade.",
    stats: [
      { value: "10+", label: "Years of Experience" },
      { value: "500+", label: "Projects Delivered" },
      { value: "200+", label: "Clients Served" },
      { value: "50+", label: "Team Members" },
    ],
    story: {
      title: "Our Story",
      paragraphs: [
        "{siteName} began more than ten years ago with a simple observation: tax teams and IT teams were solving the same problems separately. Tax advisers wrote recommendations that systems could not implement, while engineers built tools without the tax knowledge needed to get the details right.",
        "We set out to close that gap by bringing tax consultants and software engineers into a single team. Our first projects helped clients automate indirect tax calculations and reporting. Over time, our work expanded to transfer pricing, e-invoicing, security for tax data and fully custom platforms.",
        "Today we have delivered more than 500 projects for over 200 clients, from small firms taking their first steps abroad to global enterprises managing compliance in many countries. Our approach has not changed: understand the rules, understand the systems, and build solutions that work in practice.",
      ],
    },
    mission: {
      title: "Our Mission",
      paragraphs: [
        "Our mission is to make tax compliance accurate, secure and as effortless as possible for every business we work with, whatever its size or complexity.",
        "We do this by combining sound tax judgement with well-engineered software, and by sharing our knowledge openly, so that our clients understand their obligations and stay in control of their data and their decisions.",
      ],
    },
    values: [
      {
        title: "Accuracy",
        description:
          "Tax leaves little room for error. We check our work, test our software against real scenarios and document our reasoning.",
      },
      {
        title: "Integrity",
        description:
          "We give honest advice, even when it is not what a client hoped to hear, and we are open about risks and uncertainties.",
      },
      {
        title: "Security by Design",
        description:
          "Tax data is among the most sensitive information a business holds, so we build protection into every process and system from the start.",
      },
      {
        title: "Partnership",
        description:
          "We work alongside our clients' finance, tax and IT teams and share what we know, so that our solutions keep delivering long after a project ends.",
      },
    ],
  },

  ja: {
    seo: {
      title: "会社概要",
      description:
        "{siteName}は、10年以上にわたり税務コンサルタントとソフトウェアエンジニアが一体となって、企業の正確で安全かつ効率的な税務対応を支援しています。",
    },
    title: "{siteName}について",
    subtitle: "税務コンサルタントとソフトウェアエンジニアが、10年以上にわたり一つのチームとして歩んできました。",
    stats: [
      { value: "10+", label: "実績年数" },
      { value: "500+", label: "プロジェクト実績" },
      { value: "200+", label: "取引社数" },
      { value: "50+", label: "専門スタッフ" },
    ],
    story: {
      title: "私たちの歩み",
      paragraphs: [
        "{siteName}の原点は、10年以上前に抱いた一つの問題意識でした。税務部門とIT部門が、同じ課題にそれぞれ別々に取り組んでいたのです。税務アドバイザーはシステムで実現できない提言を行い、エンジニアは細部まで正しく仕上げるための税務知識がないままツールを開発していました。",
        "私たちは、税務コンサルタントとソフトウェアエンジニアが一つのチームとして働くことで、この溝を埋めようと考えました。最初のプロジェクトでは、お客様の間接税の計算と報告の自動化を支援しました。その後、移転価格、電子インボイス、税務データのセキュリティ、フルスクラッチのプラットフォーム開発へと、活動の幅を広げてきました。",
        "現在までに、初めて海外に進出する中小企業から、多くの国でコンプライアンスを管理するグローバル企業まで、200社を超えるお客様に500件以上のプロジェクトをお届けしてきました。ルールを理解し、システムを理解し、実務で機能するソリューションをつくる。その姿勢は創業時から変わりません。",
      ],
    },
    mission: {
      title: "私たちの使命",
      paragraphs: [
        "私たちの使命は、規模や複雑さを問わず、ご支援するすべての企業にとって、税務コンプライアンスを正確かつ安全で、できる限り負担の少ないものにすることです。",
        "そのために、確かな税務判断と質の高いソフトウェアを組み合わせ、知見を惜しみなく共有します。お客様がご自身の義務を正しく理解し、データと意思決定を主体的に管理できる状態を目指しています。",
      ],
    },
    values: [
      {
        title: "正確性",
        description:
          "税務に誤りは許されません。私たちは成果物を入念に確認し、実際のシナリオでソフトウェアを検証し、判断の根拠を文書に残します。",
      },
      {
        title: "誠実さ",
        description:
          "お客様にとって望ましくない内容であっても、率直にお伝えします。リスクや不確実性についても包み隠さずご説明します。",
      },
      {
        title: "セキュリティ・バイ・デザイン",
        description:
          "税務データは、企業が保有する情報の中でも特に機密性の高いものです。あらゆる業務とシステムに、設計段階から保護の仕組みを組み込みます。",
      },
      {
        title: "パートナーシップ",
        description:
          "お客様の経理・税務・IT部門と肩を並べて取り組み、知見を共有します。プロジェクトの終了後も、ソリューションが成果を生み続けることを目指します。",
      },
    ],
  },

  zh: {
    seo: {
      title: "关于我们",
      description:
        "{siteName}由税务顾问与软件工程师组成，十余年来持续帮助企业实现准确、安全、高效的税务合规。",
    },
    title: "关于{siteName}",
    subtitle: "十余年来，税务顾问与软件工程师始终作为一个团队并肩前行。",
    stats: [
      { value: "10+", label: "年行业经验" },
      { value: "500+", label: "个交付项目" },
      { value: "200+", label: "家服务客户" },
      { value: "50+", label: "名团队成员" },
    ],
    story: {
      title: "我们的故事",
      paragraphs: [
        "十多年前，{siteName}源于一个朴素的发现：税务团队和IT团队一直在各自为战，解决的却是同样的问题。税务顾问提出的建议，系统往往无法落实；而工程师开发工具时，又缺少把细节做对所需的税务知识。",
        "为了弥合这一鸿沟，我们让税务顾问与软件工程师组成同一个团队。最初的项目主要帮助客户实现间接税计算和申报的自动化；此后，我们的业务逐步拓展到转让定价、电子发票、税务数据安全以及完全定制的平台开发。",
        "迄今为止，我们已为200多家客户交付了500多个项目，客户既有初次出海的小微企业，也有在众多国家开展合规管理的跨国集团。我们的理念始终如一：吃透规则，理解系统，打造真正行之有效的解决方案。",
      ],
    },
    mission: {
      title: "我们的使命",
      paragraphs: [
        "我们的使命是：无论企业规模大小、业务多么复杂，都让税务合规变得准确、安全，并尽可能省心省力。",
        "为此，我们将扎实的税务专业判断与精良的软件工程相结合，并毫无保留地分享知识，帮助客户清楚了解自身义务，始终掌控自己的数据与决策。",
      ],
    },
    values: [
      {
        title: "精准",
        description: "税务容不得差错。我们反复核查工作成果，用真实场景检验软件，并将判断依据完整记录在案。",
      },
      {
        title: "诚信",
        description: "即使结论并非客户所期待，我们也会坦诚相告，并如实说明其中的风险与不确定性。",
      },
      {
        title: "安全内建",
        description: "税务数据是企业最敏感的信息之一。我们从一开始就将安全防护融入每一个流程和系统。",
      },
      {
        title: "伙伴同行",
        description: "我们与客户的财务、税务和IT团队并肩协作、分享经验，让解决方案在项目结束后依然持续创造价值。",
      },
    ],
  },
};
