// The /services overview and the four service pages. The exemplary questions are taken from the
// AI assistant's knowledge base, so the page and the assistant always use the same wording.
import { KNOWLEDGE_BASE } from "~/lib/ai/knowledge-base";
import type { Lang, Localized, ServiceContent, ServiceSlug, ServicesIndexContent } from "./types";

const questionsOf = (slug: ServiceSlug, lang: Lang): string[] =>
  KNOWLEDGE_BASE[slug].map((entry) => entry[lang].question);

export const servicesIndex: Localized<ServicesIndexContent> = {
  en: {
    seo: {
      title: "Our Services",
      description:
        "Explore {siteName}'s services: tax consultation, tax technology solutions, security for tax data and custom software development for tax teams.",
    },
    title: "Our Services",
    subtitle:
      "Tax expertise and software engineering under one roof, for businesses from small firms to global enterprises.",
  },
  ja: {
    seo: {
      title: "サービス一覧",
      description:
        "{siteName}のサービス一覧です。税務コンサルティング、税務テクノロジーソリューション、税務データのセキュリティ、税務部門向けのカスタムソフトウェア開発をご提供します。",
    },
    title: "サービス",
    subtitle:
      "税務の専門知識とソフトウェア開発力をワンストップで。中小企業からグローバル企業まで、規模を問わずご支援します。",
  },
  zh: {
    seo: {
      title: "服务项目",
      description:
        "了解{siteName}的服务：税务咨询、税务技术解决方案、税务数据安全服务，以及面向税务团队的定制软件开发。",
    },
    title: "我们的服务",
    subtitle: "税务专业能力与软件工程实力一站汇聚，服务从小微企业到跨国集团的各类企业。",
  },
};

export const services: Localized<Record<ServiceSlug, ServiceContent>> = {
  en: {
    "tax-consultation": {
      slug: "tax-consultation",
      seo: {
        title: "Tax Consultation",
        description:
          "Expert tax consultation on transfer pricing, VAT and consumption tax, permanent establishment risk, R&D incentives and withholding tax on royalties.",
      },
      title: "Tax Consultation",
      summary:
        "Clear, practical advice on corporate and indirect tax, from transfer pricing and permanent establishment risk to VAT registration and R&D incentives.",
      highlights: [
        "Transfer pricing policies, benchmarking and documentation",
        "VAT, GST and consumption tax registration and compliance",
        "Permanent establishment reviews for cross-border growth",
        "R&D tax incentive assessments and claim support",
        "Withholding tax and treaty relief on royalties and services",
      ],
      intro: [
        "Growing across borders multiplies tax questions: where you must register for VAT, how intercompany prices should be set, and when people or servers abroad create a taxable presence. {siteName}'s consultants help finance and tax teams answer these questions with confidence.",
        "We pair technical tax knowledge with a clear understanding of how your systems and data work, so our recommendations can actually be implemented. Every engagement ends with practical deliverables: policies, documentation, process changes and, where it helps, automation.",
        "Ask the AI tax assistant below for general guidance on common questions, then talk to our consultants about your specific situation.",
      ],
      exemplaryQuestions: questionsOf("tax-consultation", "en"),
    },
    "technology-solutions": {
      slug: "technology-solutions",
      seo: {
        title: "Tax Technology Solutions",
        description:
          "Tax technology that works: e-invoicing readiness, tax engine and ERP integration, automated VAT returns, CbCR data and real-time reporting.",
      },
      title: "Technology Solutions",
      summary:
        "Tax technology that connects your ERP, tax engines and tax authorities, so compliance becomes accurate, automated and auditable.",
      highlights: [
        "E-invoicing and real-time reporting readiness",
        "Tax engine selection and ERP integration",
        "Automated preparation and filing of VAT returns",
        "Country-by-country reporting and Pillar Two data pipelines",
      ],
      intro: [
        "E-invoicing mandates, real-time reporting and global minimum tax rules have turned tax compliance into a data and systems challenge. Manual processes and spreadsheets struggle to keep up with the volume, speed and precision that tax authorities now expect.",
        "{siteName} designs and implements tax technology that fits your existing landscape: tax engines integrated with your ERP, automated VAT return workflows, e-invoicing connections and reliable data pipelines for country-by-country reporting. Our tax specialists and engineers work side by side, so every solution is both technically sound and compliant.",
        "Use the AI tax assistant below to explore common tax technology questions, or contact us to discuss your roadmap.",
      ],
      exemplaryQuestions: questionsOf("technology-solutions", "en"),
    },
    "security-services": {
      slug: "security-services",
      seo: {
        title: "Tax Data Security Services",
        description:
          "Security services for tax data: data protection, SOC 2 and ISO 27001 readiness, access control for tax systems, incident response and data residency.",
      },
      title: "Security Services",
      summary:
        "Protection for the sensitive tax and financial data your business holds, from access control and certification readiness to incident response.",
      highlights: [
        "Data protection assessments for tax and financial data",
        "SOC 2 and ISO/IEC 27001 readiness",
        "Access control and segregation of duties for tax systems",
        "Incident response planning and tabletop exercises",
        "Data residency and cross-border transfer reviews",
      ],
      intro: [
        "Tax systems hold some of the most sensitive information a business has: identification numbers, financial results, payroll and bank details. They also control what is filed with tax authorities, which makes their integrity just as important as their confidentiality.",
        "{siteName}'s security specialists understand both the technology and the tax processes it supports. We assess risks, design controls that fit the way tax teams work, prepare you for SOC 2 and ISO/IEC 27001, and help you respond quickly and correctly if something goes wrong.",
        "Ask the AI tax assistant below about protecting tax data, or contact us for an assessment of your environment.",
      ],
      exemplaryQuestions: questionsOf("security-services", "en"),
    },
    "custom-software-development": {
      slug: "custom-software-development",
      seo: {
        title: "Custom Tax Software Development",
        description:
          "Custom software for tax teams: tax calculation services, royalty tracking platforms, tax authority API integrations, legacy migrations and testing.",
      },
      title: "Custom Software Development",
      summary:
        "Software built around your tax processes, from calculation services and royalty platforms to direct integrations with tax authorities.",
      highlights: [
        "Tax calculation services and rules engines",
        "Royalty and licensing management platforms",
        "Direct integrations with tax authority APIs",
        "Migration from spreadsheets and legacy tax tools",
        "Test automation for tax logic",
      ],
      intro: [
        "Off-the-shelf tax software covers many needs, but not every business model, niche tax or integration fits a standard product. When it does not, teams fall back on spreadsheets and manual workarounds that are hard to control and even harder to audit.",
        "{siteName} builds custom tax software with the same rigour we apply to tax advice. Tax specialists define and review the rules, engineers deliver secure, well-tested and maintainable systems, and every calculation leaves an audit trail. We can build complete platforms or extend the tools you already use.",
        "Explore common questions with the AI tax assistant below, or tell us about the system you need.",
      ],
      exemplaryQuestions: questionsOf("custom-software-development", "en"),
    },
  },

  ja: {
    "tax-consultation": {
      slug: "tax-consultation",
      seo: {
        title: "税務コンサルティング",
        description:
          "移転価格、VAT・消費税、恒久的施設（PE）リスク、研究開発税制、ロイヤルティの源泉徴収など、国内外の税務課題に専門家が実務的な助言を行います。",
      },
      title: "税務コンサルティング",
      summary:
        "移転価格や恒久的施設（PE）リスクから、VAT・消費税の登録、研究開発税制まで、法人税と間接税の課題に明確で実務的な助言を行います。",
      highlights: [
        "移転価格ポリシーの策定、ベンチマーク分析、文書化",
        "VAT・GST・消費税の登録とコンプライアンス",
        "海外展開に伴う恒久的施設（PE）リスクの検討",
        "研究開発税制の適用可能性の検討と申告支援",
        "ロイヤルティや役務提供対価に係る源泉徴収と租税条約の適用",
      ],
      intro: [
        "海外展開が進むほど、税務上の論点は増えていきます。どの国でVAT登録が必要か、グループ会社間の取引価格をどう設定するか、海外の人員やサーバーが課税拠点とみなされるのはどのような場合か。{siteName}のコンサルタントが、経理・税務部門の皆さまが確信をもって判断できるようご支援します。",
        "税務の専門知識に加え、お客様のシステムやデータの実情を踏まえてご提案するため、実際に運用できる解決策をお届けできます。ポリシーや文書の整備、業務プロセスの見直し、必要に応じた自動化まで、具体的な成果物にまとめてご提供します。",
        "よくあるご質問については、下記のAI税務アシスタントが一般的な情報をご案内します。貴社の個別の状況については、当社のコンサルタントにご相談ください。",
      ],
      exemplaryQuestions: questionsOf("tax-consultation", "ja"),
    },
    "technology-solutions": {
      slug: "technology-solutions",
      seo: {
        title: "税務テクノロジーソリューション",
        description:
          "電子インボイス対応、税務エンジンとERPの連携、VAT申告の自動化、国別報告事項（CbCR）のデータ整備、リアルタイム報告への対応を支援します。",
      },
      title: "テクノロジーソリューション",
      summary:
        "ERP、税務エンジン、税務当局をつなぐ税務テクノロジーで、正確で自動化された、監査にも耐えるコンプライアンスを実現します。",
      highlights: [
        "電子インボイスとリアルタイム報告への対応",
        "税務エンジンの選定とERPとの連携",
        "VAT申告書の作成・提出の自動化",
        "国別報告事項（CbCR）と第2の柱に対応したデータ基盤の構築",
      ],
      intro: [
        "電子インボイスの義務化、リアルタイム報告、グローバル・ミニマム課税の導入により、税務コンプライアンスはデータとシステムの課題へと変わりました。手作業や表計算ファイルに頼った業務では、税務当局が求める処理量、スピード、正確性に対応しきれなくなっています。",
        "{siteName}は、既存のシステム環境に合わせて税務テクノロジーを設計・導入します。ERPと連携した税務エンジン、VAT申告の自動化ワークフロー、電子インボイスの接続、国別報告事項のための信頼性の高いデータパイプラインなどを、税務の専門家とエンジニアが一体となって構築し、技術面とコンプライアンス面の双方で確かなソリューションをご提供します。",
        "税務テクノロジーに関するよくあるご質問は、下記のAI税務アシスタントでご確認いただけます。導入計画のご相談もお気軽にお問い合わせください。",
      ],
      exemplaryQuestions: questionsOf("technology-solutions", "ja"),
    },
    "security-services": {
      slug: "security-services",
      seo: {
        title: "税務データのセキュリティサービス",
        description:
          "納税者データの保護、SOC 2・ISO 27001の取得支援、税務システムのアクセス管理、インシデント対応、データの保存場所に関する検討まで支援します。",
      },
      title: "セキュリティサービス",
      summary:
        "アクセス管理や認証取得の準備からインシデント対応まで、企業が保有する機密性の高い税務・財務データを守ります。",
      highlights: [
        "税務・財務データの保護に関するリスク評価",
        "SOC 2およびISO/IEC 27001の取得支援",
        "税務システムのアクセス管理と職務分掌",
        "インシデント対応計画の策定と机上演習",
        "データの保存場所と国外移転に関する検討",
      ],
      intro: [
        "税務システムには、マイナンバーや法人番号、財務情報、給与情報、銀行口座情報など、企業が保有する中でも特に機密性の高い情報が集まっています。さらに税務当局への申告内容を左右するため、機密性と同じくらい、データの正確性を守ることが重要です。",
        "{siteName}のセキュリティ専門家は、テクノロジーと、それが支える税務業務の両方を理解しています。リスクを評価し、税務部門の業務に即した統制を設計し、SOC 2やISO/IEC 27001の取得を支援するとともに、万一の際には迅速かつ適切な対応をサポートします。",
        "税務データの保護については、下記のAI税務アシスタントにご質問いただけます。現状の環境の評価をご希望の場合は、お気軽にお問い合わせください。",
      ],
      exemplaryQuestions: questionsOf("security-services", "ja"),
    },
    "custom-software-development": {
      slug: "custom-software-development",
      seo: {
        title: "税務向けカスタムソフトウェア開発",
        description:
          "税額計算サービス、ロイヤルティ管理プラットフォーム、税務当局APIとの連携、旧システムからの移行、税務ロジックのテストまで、税務部門向けのソフトウェアを開発します。",
      },
      title: "カスタムソフトウェア開発",
      summary:
        "税額計算サービスやロイヤルティ管理プラットフォームから税務当局との直接連携まで、貴社の税務業務に合わせたソフトウェアを開発します。",
      highlights: [
        "税額計算サービスとルールエンジンの開発",
        "ロイヤルティ・ライセンス管理プラットフォームの構築",
        "税務当局APIとの直接連携",
        "表計算ファイルや旧来の税務ツールからの移行",
        "税務ロジックのテスト自動化",
      ],
      intro: [
        "市販の税務ソフトウェアで多くのニーズは満たせますが、すべてのビジネスモデルや特殊な税目、システム連携が標準製品に収まるわけではありません。その結果、統制が難しく監査対応にも苦労する表計算ファイルや手作業に頼らざるを得なくなるケースが少なくありません。",
        "{siteName}は、税務アドバイスと同じ厳密さでカスタムソフトウェアを開発します。税務の専門家がルールを定義・検証し、エンジニアが安全でテストの行き届いた保守しやすいシステムを構築します。すべての計算に監査証跡が残る設計です。プラットフォーム全体の構築はもちろん、既存ツールの機能拡張にも対応します。",
        "よくあるご質問は下記のAI税務アシスタントでご確認いただけます。必要なシステムについて、ぜひお聞かせください。",
      ],
      exemplaryQuestions: questionsOf("custom-software-development", "ja"),
    },
  },

  zh: {
    "tax-consultation": {
      slug: "tax-consultation",
      seo: {
        title: "税务咨询",
        description:
          "围绕转让定价、增值税与消费税、常设机构风险、研发税收优惠及特许权使用费预提所得税等跨境税务问题，提供专业、务实的咨询服务。",
      },
      title: "税务咨询",
      summary: "从转让定价、常设机构风险到增值税登记和研发税收优惠，为企业所得税与间接税问题提供清晰、务实的专业建议。",
      highlights: [
        "转让定价政策制定、可比性分析与同期资料准备",
        "增值税、商品及服务税和消费税的登记与合规",
        "跨境拓展中的常设机构风险评估",
        "研发税收优惠适用性评估与申报支持",
        "特许权使用费及服务费的预提所得税与税收协定待遇",
      ],
      intro: [
        "业务越是跨境拓展，税务问题就越多：在哪些国家需要办理增值税登记？集团内部交易应如何定价？海外人员或服务器在什么情况下会构成应税存在？{siteName}的税务顾问帮助财务和税务团队从容应对这些问题。",
        "我们不仅精通税务专业知识，也深入了解企业的系统和数据现状，因此提出的建议能够真正落地。每个项目最终都会形成具体的交付成果，包括政策文件、同期资料、流程优化方案，以及必要时的自动化工具。",
        "常见问题可先向下方的AI税务助手了解一般性信息；涉及贵公司的具体情况，欢迎与我们的顾问深入沟通。",
      ],
      exemplaryQuestions: questionsOf("tax-consultation", "zh"),
    },
    "technology-solutions": {
      slug: "technology-solutions",
      seo: {
        title: "税务技术解决方案",
        description:
          "提供电子发票合规准备、税务引擎与ERP集成、增值税申报自动化、国别报告数据整合及实时报告对接等税务技术解决方案。",
      },
      title: "技术解决方案",
      summary: "以税务技术打通ERP、税务引擎与税务机关，让合规工作更准确、更自动化，也更经得起审计。",
      highlights: [
        "电子发票与实时报告的合规准备",
        "税务引擎选型及与ERP的集成",
        "增值税申报表编制与申报自动化",
        "国别报告与支柱二数据链路建设",
      ],
      intro: [
        "电子发票强制推行、实时报告以及全球最低税规则，正把税务合规变成一项数据与系统工程。依赖手工和电子表格的流程，已难以满足税务机关对数据量、时效和准确性的要求。",
        "{siteName}结合企业现有的系统架构设计并实施税务技术方案：与ERP集成的税务引擎、增值税申报自动化流程、电子发票对接，以及支撑国别报告的可靠数据链路。我们的税务专家与工程师并肩协作，确保每个方案既技术可靠，又符合合规要求。",
        "您可以通过下方的AI税务助手了解常见的税务技术问题，也欢迎联系我们探讨贵公司的实施规划。",
      ],
      exemplaryQuestions: questionsOf("technology-solutions", "zh"),
    },
    "security-services": {
      slug: "security-services",
      seo: {
        title: "税务数据安全服务",
        description:
          "面向税务数据的安全服务：纳税人数据保护、SOC 2与ISO 27001认证准备、税务系统访问控制、安全事件响应及数据本地化评估。",
      },
      title: "安全服务",
      summary: "从访问控制、认证准备到安全事件响应，全面守护企业持有的敏感税务与财务数据。",
      highlights: [
        "税务与财务数据保护风险评估",
        "SOC 2与ISO/IEC 27001认证准备",
        "税务系统访问控制与不相容职责分离",
        "安全事件应急预案制定与桌面推演",
        "数据本地化与跨境传输合规评估",
      ],
      intro: [
        "税务系统汇集了企业最敏感的一部分信息：身份证件号码、纳税人识别号、财务数据、薪酬和银行账户信息。同时，这些系统直接决定向税务机关申报的内容，因此数据的完整性与机密性同等重要。",
        "{siteName}的安全专家既懂技术，也熟悉这些技术所支撑的税务流程。我们评估风险，设计贴合税务团队工作方式的控制措施，协助企业做好SOC 2和ISO/IEC 27001认证准备，并在发生安全事件时帮助企业迅速、妥善地应对。",
        "关于税务数据保护的问题，可以先咨询下方的AI税务助手；如需对现有环境进行评估，欢迎与我们联系。",
      ],
      exemplaryQuestions: questionsOf("security-services", "zh"),
    },
    "custom-software-development": {
      slug: "custom-software-development",
      seo: {
        title: "税务定制软件开发",
        description:
          "为税务团队定制开发软件：税额计算服务、特许权使用费管理平台、税务机关API对接、旧系统迁移以及税务逻辑自动化测试。",
      },
      title: "定制软件开发",
      summary: "围绕企业的税务流程量身打造软件，从税额计算服务、特许权使用费平台，到与税务机关的直连对接。",
      highlights: [
        "税额计算服务与规则引擎开发",
        "特许权使用费与许可管理平台建设",
        "与税务机关API的直连对接",
        "从电子表格和旧有税务工具平稳迁移",
        "税务逻辑自动化测试",
      ],
      intro: [
        "现成的税务软件可以满足许多需求，但并非所有商业模式、特殊税种或系统集成都能套用标准产品。一旦无法满足，团队往往只能依赖电子表格和手工操作，既难以管控，更难以应对审计。",
        "{siteName}以对待税务咨询同样严谨的态度开发定制软件：税务专家负责定义和审核规则，工程师负责交付安全、经过充分测试且易于维护的系统，每一次计算都留有审计轨迹。我们既可以从零构建完整平台，也可以在您现有工具的基础上扩展功能。",
        "您可以通过下方的AI税务助手了解常见问题，也欢迎告诉我们您需要什么样的系统。",
      ],
      exemplaryQuestions: questionsOf("custom-software-development", "zh"),
    },
  },
};
