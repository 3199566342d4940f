// Portfolio: six anonymised client projects, written per language.
// Ids, slugs, categories, images, technologies, years and services are shared across languages;
// each project has a case study (/portfolio/<slug>) describing the client without naming it.
import type { ProjectSlug } from "~/lib/portfolio";
import { picturePath, pictureSrcSet } from "~/lib/pictures";
import type { Localized, PortfolioCategory, PortfolioContent, PortfolioProject, ServiceSlug } from "./types";

interface SharedProject {
  id: number;
  slug: ProjectSlug;
  category: PortfolioCategory;
  service: ServiceSlug;
  technologies: string[];
  year: number;
}

const SHARED: SharedProject[] = [
  { id: 1, slug: "wholesale-e-invoicing-portal", category: "web", service: "custom-software-development", technologies: ["React", "TypeScript", "Node.js", "PostgreSQL", "Peppol"], year: 2024 },
  { id: 2, slug: "accounting-network-document-portal", category: "web", service: "custom-software-development", technologies: ["Next.js", "TypeScript", "Tailwind CSS"], year: 2022 },
  { id: 3, slug: "ai-vat-classification", category: "technology", service: "technology-solutions", technologies: ["Python", "FastAPI", "scikit-learn", "PostgreSQL", "Kubernetes"], year: 2025 },
  { id: 4, slug: "multi-country-e-invoicing-hub", category: "technology", service: "technology-solutions", technologies: ["Java", "Spring Boot", "Apache Kafka", "Docker"], year: 2021 },
  { id: 5, slug: "royalty-data-protection", category: "security", service: "security-services", technologies: ["Azure Key Vault", "Microsoft Entra ID", "Microsoft Sentinel"], year: 2024 },
  { id: 6, slug: "zero-trust-tax-department", category: "security", service: "security-services", technologies: ["Okta", "Terraform", "Splunk", "AWS"], year: 2023 },
];

type Texts = Pick<PortfolioProject, "title" | "description" | "imageAlt" | "client" | "caseStudy">;

function build(texts: Texts[]): PortfolioProject[] {
  return SHARED.map((s, i) => ({
    id: s.id,
    slug: s.slug,
    ...texts[i]!,
    category: s.category,
    image: picturePath("portfolio", s.id),
    imageSrcSet: pictureSrcSet("portfolio", s.id),
    technologies: [...s.technologies],
    year: s.year,
    service: s.service,
  }));
}

export const portfolio: Localized<PortfolioContent> = {
  en: {
    seo: {
      title: "Portfolio: Tax Technology, Software and Security",
      description:
        "Selected projects in custom software, tax technology and security: e-invoicing portals, AI-assisted VAT classification and protection of royalty data.",
    },
    title: "Our Work",
    subtitle: "Selected projects in custom software, tax technology and security for clients from growing firms to global groups.",
    projects: build([
      {
        title: "E-Invoicing Portal for a Wholesale Distributor",
        description:
          "A customer and supplier portal that issues, receives and validates structured e-invoices, connects to the client's ERP through the Peppol network and cut manual invoice handling by more than 70 percent.",
        imageAlt: "Abstract illustration of a web portal with invoice cards and a status panel",
        client: "A national wholesale distributor",
        caseStudy: {
          sector: "Wholesale distribution",
          size: "About 1,200 employees",
          countries: "One home market, suppliers across the EU",
          challenge: [
            "Around 40,000 invoices a month arrived as PDFs, on paper and in supplier-specific formats. Accounts payable re-keyed most of them into the ERP, and an upcoming e-invoicing mandate meant the company would soon have to issue and receive structured invoices anyway.",
          ],
          approach: [
            "Mapped the invoice flows with accounts payable and receivable, and agreed which checks an invoice must pass before it reaches the ERP.",
            "Built a customer and supplier portal that issues, receives and validates structured e-invoices against the European standard EN 16931.",
            "Connected the portal to the ERP and, through a certified access point, to the Peppol network.",
            "Moved trading partners over in waves, with an upload route for suppliers not yet on Peppol.",
          ],
          outcome: [
            "Manual invoice handling cut by more than 70 percent.",
            "Validation errors caught at the portal instead of at month-end close.",
            "Ready for the e-invoicing mandate before it took effect.",
          ],
        },
      },
      {
        title: "Client Document Portal for an Accounting Network",
        description:
          "A secure, multilingual portal where member firms exchange tax documents with their clients. Uploads are sorted automatically by document type and tax year, and open requests and e-signatures are handled in one place.",
        imageAlt: "Abstract illustration of a browser window with document cards and an upload area",
        client: "A regional network of accounting firms",
        caseStudy: {
          sector: "Accounting and tax advisory",
          size: "A network of 25 member firms",
          countries: "Three countries, four languages",
          challenge: [
            "Member firms collected their clients' tax documents by email, shared drives and post. Files went missing, nobody could say which requests were still open, and personal tax data travelling by email was a risk the network no longer wanted to carry.",
          ],
          approach: [
            "Designed one portal for every member firm, each with its own branding and client list.",
            "Sorted uploads automatically by document type and tax year, with a person checking the uncertain cases.",
            "Brought open requests, reminders and e-signatures into one place for clients and staff.",
            "Stored documents encrypted and required two-factor sign-in for staff.",
          ],
          outcome: [
            "Requests and signatures tracked in one place instead of in mailboxes.",
            "Tax documents no longer sent by email.",
            "In use at every member firm by the end of the first tax season.",
          ],
        },
      },
      {
        title: "AI-Assisted VAT Classification Engine",
        description:
          "A machine-learning service that proposes VAT codes for purchase and sales lines, routes uncertain cases to reviewers and logs every decision for audit. Coding accuracy reached 96 percent within three months.",
        imageAlt: "Abstract illustration of data points being sorted into three categories",
        client: "A fast-growing online retailer selling in eight EU countries",
        caseStudy: {
          sector: "Online retail",
          size: "About 300 employees",
          countries: "Sells in eight EU countries",
          challenge: [
            "Every purchase and sales line needed the right VAT code for eight countries, with different rates and rules for the same product. The tax team coded thousands of lines a month by hand, and mistakes came to light only in audits.",
          ],
          approach: [
            "Trained a classification model on three years of reviewed postings and the product catalogue.",
            "Set a confidence threshold: confident proposals are posted, uncertain ones go to a reviewer with the reasons shown.",
            "Logged every proposal, decision and correction for audit.",
            "Retrained the model every month on the reviewers' corrections.",
          ],
          outcome: [
            "Coding accuracy reached 96 percent within three months.",
            "Reviewers spend their time on the uncertain cases only.",
            "A complete audit trail behind every VAT code.",
          ],
        },
      },
      {
        title: "Multi-Country E-Invoicing and Tax Reporting Hub",
        description:
          "An integration layer that connects five ERP instances to e-invoicing platforms and tax authority interfaces in several countries, so each new mandate becomes a configuration task rather than a new project.",
        imageAlt: "Abstract illustration of several systems connected through a central hub next to a bar chart",
        client: "A mid-sized European manufacturing group",
        caseStudy: {
          sector: "Industrial manufacturing",
          size: "About 4,000 employees, five ERP instances",
          countries: "Subsidiaries in six European countries",
          challenge: [
            "Each country's e-invoicing and real-time reporting mandate had been handled as a separate project in a separate ERP. Every new mandate meant months of work, and the tax department had no single view of what had been reported.",
          ],
          approach: [
            "Built an integration layer between the five ERP instances and the countries' e-invoicing platforms and tax authority interfaces.",
            "Turned country rules into configuration: formats, deadlines and validations per country.",
            "Passed every invoice event through a message queue, so nothing is lost or sent twice.",
            "Gave the tax department one view of submissions, rejections and corrections.",
          ],
          outcome: [
            "A new country mandate is a configuration task, not a new project.",
            "One view of everything reported to the tax authorities.",
            "Rejected submissions corrected within the deadline.",
          ],
        },
      },
      {
        title: "Royalty Data Protection Programme",
        description:
          "A full review and hardening of how a music publisher stores and shares royalty statements, including encryption of licensee data, a secure partner portal and controls against bank-detail fraud.",
        imageAlt: "Abstract illustration of a data table guarded by a shield and a padlock",
        client: "An independent music publisher with licensees in 40 countries",
        caseStudy: {
          sector: "Music publishing",
          size: "About 150 employees",
          countries: "Licensees in 40 countries",
          challenge: [
            "Royalty statements with licensees' earnings and bank details were sent as spreadsheets by email. After a forged email asked to change a licensee's bank account, the publisher wanted the whole process reviewed.",
          ],
          approach: [
            "Reviewed where royalty and licensee data is stored, who can see it and how it leaves the company.",
            "Encrypted licensee data at rest, with the keys in a managed key vault.",
            "Replaced email attachments with a partner portal behind single sign-on.",
            "Required a second approver and a call-back for every change of bank details.",
          ],
          outcome: [
            "Royalty statements no longer travel by email.",
            "Every change of bank details is checked by two people.",
            "Access to licensee data is logged and reviewed.",
          ],
        },
      },
      {
        title: "Zero-Trust Access for a Corporate Tax Department",
        description:
          "Least-privilege access, multi-factor authentication and monitoring for an insurer's tax systems, with automated quarterly access reviews and real-time alerts on data exports.",
        imageAlt: "Abstract illustration of concentric protective rings around a key, with user nodes on the outside",
        client: "A listed insurance group",
        caseStudy: {
          sector: "Insurance",
          size: "Listed group, about 9,000 employees",
          countries: "A tax department serving twelve countries",
          challenge: [
            "The corporate tax department's systems hold the group's tax positions and filings. Access had grown over the years: shared accounts, rights that stayed after people changed roles, and no alert when large data sets were exported.",
          ],
          approach: [
            "Mapped who needs which access for which task, and removed shared accounts.",
            "Introduced least-privilege roles and multi-factor authentication for every tax system.",
            "Automated quarterly access reviews, sent to the managers who approve them.",
            "Added real-time alerts on data exports to the security monitoring.",
          ],
          outcome: [
            "Every access to the tax systems belongs to a named person and a role.",
            "Quarterly access reviews completed on time, without spreadsheets.",
            "Unusual exports reported to the security team within minutes.",
          ],
        },
      },
    ]),
  },
  ja: {
    seo: {
      title: "導入実績：税務テクノロジー・開発・セキュリティ",
      description:
        "電子インボイスポータル、AIによるVAT区分判定、ロイヤルティデータの保護など、当社が手がけたシステム開発、税務テクノロジー、セキュリティの導入事例をご紹介します。",
    },
    title: "導入実績",
    subtitle: "成長企業からグローバル企業まで、システム開発、税務テクノロジー、セキュリティの各分野で手がけたプロジェクトの一部をご紹介します。",
    projects: build([
      {
        title: "卸売企業向け電子インボイスポータル",
        description:
          "顧客・仕入先との間で、構造化された電子インボイスの発行、受領、検証を行うポータルを構築しました。Peppolネットワークを介してERPと連携し、請求書の手作業による処理を70％以上削減しています。",
        imageAlt: "請求書のカードとステータスパネルを備えたウェブポータルを表す抽象的なイラスト",
        client: "全国展開の卸売企業",
        caseStudy: {
          sector: "卸売業",
          size: "従業員約1,200名",
          countries: "国内で事業展開、仕入先はEU各国",
          challenge: [
            "毎月約4万件の請求書が、PDFや紙、仕入先ごとに異なる形式で届いていました。買掛金担当者がその大半をERPに手入力しており、さらに電子インボイスの義務化を控え、構造化された請求書の発行・受領への対応が避けられない状況でした。",
          ],
          approach: [
            "買掛・売掛の担当者とともに請求書の流れを整理し、ERPに取り込む前に行うべきチェックを決定しました。",
            "欧州規格EN 16931に基づき、電子インボイスの発行・受領・検証を行う顧客・仕入先向けポータルを構築しました。",
            "ポータルをERPと接続し、認定アクセスポイントを通じてPeppolネットワークにも接続しました。",
            "取引先の移行は段階的に進め、Peppol未対応の仕入先にはアップロードによる受付手段を用意しました。",
          ],
          outcome: [
            "請求書の手作業による処理を70％以上削減。",
            "検証エラーを月次決算時ではなく、受領時点のポータルで検出。",
            "義務化の施行前に対応を完了。",
          ],
        },
      },
      {
        title: "会計事務所ネットワーク向け顧客書類ポータル",
        description:
          "加盟する会計事務所が、顧客と税務書類を安全にやり取りできる多言語ポータルです。アップロードされた書類は種類と年度ごとに自動で仕分けられ、未対応の依頼の管理や電子署名の取得も一か所で完結します。",
        imageAlt: "書類のカードとアップロード領域を備えたブラウザ画面を表す抽象的なイラスト",
        client: "地域の会計事務所ネットワーク",
        caseStudy: {
          sector: "会計・税務アドバイザリー",
          size: "加盟事務所25社のネットワーク",
          countries: "3か国・4言語",
          challenge: [
            "加盟事務所は、顧客の税務書類をメール、共有ドライブ、郵送で集めていました。書類の紛失が起き、どの依頼が未対応なのか誰も把握できず、個人の税務情報をメールでやり取りするリスクも看過できなくなっていました。",
          ],
          approach: [
            "すべての加盟事務所が使える共通ポータルを設計し、事務所ごとにブランドと顧客一覧を分けました。",
            "アップロードされた書類を種類と年度で自動仕分けし、判断が難しいものは担当者が確認する仕組みにしました。",
            "未対応の依頼、リマインダー、電子署名を、顧客と職員の双方が一か所で扱えるようにしました。",
            "書類は暗号化して保存し、職員のログインには二要素認証を必須としました。",
          ],
          outcome: [
            "依頼と署名の状況を、メールボックスではなく一か所で管理。",
            "税務書類のメール送付を廃止。",
            "最初の申告シーズン中に全加盟事務所で稼働。",
          ],
        },
      },
      {
        title: "AIによるVAT区分判定エンジン",
        description:
          "仕入・売上の明細ごとにVATコードを提案する機械学習サービスです。判断の難しいものは担当者に回し、すべての判断を監査用に記録します。導入から3か月で判定精度は96％に達しました。",
        imageAlt: "データの点が分類され、三つの区分へ振り分けられていく様子を表す抽象的なイラスト",
        client: "EU8か国で事業を展開する急成長中のEC事業者",
        caseStudy: {
          sector: "EC（オンライン小売）",
          size: "従業員約300名",
          countries: "EU8か国で販売",
          challenge: [
            "仕入・売上の明細ごとに、8か国それぞれの正しいVATコードを付ける必要がありました。同じ商品でも国によって税率や規則が異なります。税務チームは毎月数千件を手作業で判定しており、誤りは税務調査で初めて発覚していました。",
          ],
          approach: [
            "過去3年分の確認済み仕訳と商品マスタをもとに、分類モデルを学習させました。",
            "確信度のしきい値を設定し、確度の高い提案はそのまま計上、判断の難しいものは理由を添えて担当者に回すようにしました。",
            "すべての提案・判断・修正を監査用に記録しました。",
            "担当者による修正を学習データとして、毎月モデルを再学習しています。",
          ],
          outcome: [
            "導入から3か月で判定精度96％を達成。",
            "担当者は判断の難しい明細の確認に集中。",
            "すべてのVATコードについて、判断の経緯を追跡可能に。",
          ],
        },
      },
      {
        title: "多国間対応の電子インボイス・税務報告ハブ",
        description:
          "5つのERP環境を、各国の電子インボイス基盤や税務当局のシステムと接続する連携基盤です。新たな義務化への対応が、新規プロジェクトではなく設定変更で済むようになりました。",
        imageAlt: "複数のシステムが中央のハブを介してつながる様子と棒グラフを表す抽象的なイラスト",
        client: "欧州の中堅製造業グループ",
        caseStudy: {
          sector: "製造業",
          size: "従業員約4,000名、ERP環境5つ",
          countries: "欧州6か国に子会社",
          challenge: [
            "各国の電子インボイスやリアルタイム報告の義務化に、国ごと・ERPごとに別々のプロジェクトで対応していました。新たな義務化のたびに数か月の作業が発生し、税務部門は何が報告済みかを一元的に把握できていませんでした。",
          ],
          approach: [
            "5つのERP環境と、各国の電子インボイス基盤・税務当局のシステムとをつなぐ連携基盤を構築しました。",
            "形式、期限、検証ルールといった国ごとの要件を、設定として管理できるようにしました。",
            "請求書のすべてのイベントをメッセージキュー経由で処理し、欠落や二重送信を防いでいます。",
            "提出、差し戻し、訂正の状況を税務部門が一つの画面で確認できるようにしました。",
          ],
          outcome: [
            "新たな国の義務化への対応は、新規プロジェクトではなく設定作業に。",
            "税務当局への報告内容を一元的に把握。",
            "差し戻された提出を期限内に訂正。",
          ],
        },
      },
      {
        title: "ロイヤルティデータ保護プログラム",
        description:
          "音楽出版社におけるロイヤルティ計算書の保管・共有の方法を全面的に見直し、強化しました。ライセンシー情報の暗号化、安全なパートナーポータルの導入、振込先情報の改ざんによる詐欺への対策を実施しています。",
        imageAlt: "盾と南京錠で守られたデータの表を表す抽象的なイラスト",
        client: "40か国にライセンシーを持つ独立系音楽出版社",
        caseStudy: {
          sector: "音楽出版",
          size: "従業員約150名",
          countries: "40か国にライセンシー",
          challenge: [
            "ライセンシーの収益や振込先口座を記載したロイヤルティ計算書を、表計算ファイルのままメールで送っていました。ライセンシーの振込先変更を装った偽メールによる詐欺未遂をきっかけに、業務全体の見直しを決めました。",
          ],
          approach: [
            "ロイヤルティとライセンシーのデータがどこに保存され、誰が閲覧でき、どのように社外へ出ていくのかを洗い出しました。",
            "ライセンシー情報を保存時に暗号化し、鍵はマネージドのキー管理サービスで管理しています。",
            "メールへのファイル添付をやめ、シングルサインオンで利用するパートナーポータルに置き換えました。",
            "振込先の変更には、第二承認者による承認と折り返し電話での確認を必須としました。",
          ],
          outcome: [
            "ロイヤルティ計算書のメール送付を廃止。",
            "振込先の変更は必ず2名で確認。",
            "ライセンシー情報へのアクセスを記録し、定期的に点検。",
          ],
        },
      },
      {
        title: "税務部門のゼロトラストアクセス",
        description:
          "保険グループの税務システムに、最小権限に基づくアクセス管理、多要素認証、監視の仕組みを導入しました。四半期ごとのアクセス権の棚卸しを自動化し、データのエクスポートをリアルタイムで検知しています。",
        imageAlt: "中央の鍵を同心円状の防御層が囲み、その外側に利用者のノードが並ぶ抽象的なイラスト",
        client: "上場保険グループ",
        caseStudy: {
          sector: "保険業",
          size: "上場グループ、従業員約9,000名",
          countries: "税務部門が12か国を担当",
          challenge: [
            "グループ税務部門のシステムには、グループ全体の税務ポジションや申告データが保存されています。長年のうちにアクセス権が膨らみ、共有アカウントや異動後も残る権限があり、大量のデータがエクスポートされても検知できない状態でした。",
          ],
          approach: [
            "業務ごとに誰がどのアクセス権を必要とするかを整理し、共有アカウントを廃止しました。",
            "すべての税務システムに、最小権限に基づくロールと多要素認証を導入しました。",
            "四半期ごとのアクセス権の棚卸しを自動化し、承認者である管理職に届くようにしました。",
            "データのエクスポートをリアルタイムで検知するアラートを、セキュリティ監視に追加しました。",
          ],
          outcome: [
            "税務システムへのアクセスは、すべて個人とロールにひも付け。",
            "四半期ごとの棚卸しを、表計算ファイルなしで期限内に完了。",
            "通常と異なるエクスポートを数分以内にセキュリティ担当へ通知。",
          ],
        },
      },
    ]),
  },
  zh: {
    seo: {
      title: "项目案例：税务科技、软件开发与信息安全",
      description:
        "精选我们在定制软件、税务科技和信息安全领域交付的项目，包括电子发票门户、AI增值税税目判定和特许权使用费数据保护等。",
    },
    title: "项目案例",
    subtitle: "从成长型企业到跨国集团，精选我们在定制软件、税务科技和信息安全领域交付的项目。",
    projects: build([
      {
        title: "批发分销企业电子发票门户",
        description:
          "为客户与供应商打造的门户平台，支持结构化电子发票的开具、接收和校验，并通过Peppol网络与客户的ERP系统对接，使人工处理发票的工作量减少70%以上。",
        imageAlt: "抽象插画：带有发票卡片和状态面板的网页门户",
        client: "一家全国性批发分销企业",
        caseStudy: {
          sector: "批发分销",
          size: "员工约 1,200 人",
          countries: "立足本国市场，供应商遍布欧盟",
          challenge: [
            "每月约 4 万张发票以 PDF、纸质和各家供应商自定的格式寄来。应付账款团队要把大部分发票手工录入 ERP；而电子发票强制要求即将实施，企业迟早要开具和接收结构化发票。",
          ],
          approach: [
            "与应付、应收团队一起梳理发票流程，明确发票进入 ERP 之前必须通过哪些校验。",
            "搭建面向客户和供应商的门户，依据欧洲标准 EN 16931 开具、接收并校验结构化电子发票。",
            "将门户与 ERP 对接，并通过经认证的接入点连入 Peppol 网络。",
            "分批迁移往来企业，并为尚未接入 Peppol 的供应商保留上传通道。",
          ],
          outcome: [
            "人工处理发票的工作量减少 70% 以上。",
            "校验错误在门户收票时即被发现，而不是拖到月结。",
            "在强制要求生效前完成准备。",
          ],
        },
      },
      {
        title: "会计师事务所网络客户文档门户",
        description:
          "安全的多语言门户，供各成员事务所与客户交换税务文件。上传的文件按类型和纳税年度自动归类，待办请求跟踪和电子签名也可在同一平台完成。",
        imageAlt: "抽象插画：带有文档卡片和上传区域的浏览器界面",
        client: "一家区域性会计师事务所网络",
        caseStudy: {
          sector: "会计与税务咨询",
          size: "由 25 家成员事务所组成的网络",
          countries: "3 个国家，4 种语言",
          challenge: [
            "各成员事务所通过邮件、共享盘和邮寄收集客户的税务资料，文件时有丢失，也没人说得清哪些请求还没办完；个人税务信息经邮件往来的风险，也已让这个网络难以接受。",
          ],
          approach: [
            "为所有成员事务所设计统一的门户，各事务所拥有各自的品牌和客户列表。",
            "上传的文件按类型和纳税年度自动归类，拿不准的由专人复核。",
            "把待办请求、提醒和电子签名集中到一处，客户和员工都在这里处理。",
            "文件加密存储，员工登录必须使用双重验证。",
          ],
          outcome: [
            "请求和签署进度集中跟踪，不再散落在各人的邮箱里。",
            "税务资料不再通过邮件发送。",
            "第一个报税季内，所有成员事务所均已上线使用。",
          ],
        },
      },
      {
        title: "AI增值税税目判定引擎",
        description:
          "一项机器学习服务，可为每一笔采购和销售明细推荐增值税税码，将拿不准的情况转交审核人员，并记录每一项决定以备审计。上线三个月后，判定准确率达到96%。",
        imageAlt: "抽象插画：数据点经过分类后分流至三个类别",
        client: "一家业务覆盖欧盟八国的快速成长型电商企业",
        caseStudy: {
          sector: "电子商务",
          size: "员工约 300 人",
          countries: "在欧盟八国销售",
          challenge: [
            "每一笔采购和销售明细都要按八个国家分别确定正确的增值税税码，同一商品在不同国家的税率和规则也不一样。税务团队每月要手工判定数千行，错误往往到税务稽查时才暴露。",
          ],
          approach: [
            "以三年来经过复核的记账数据和商品目录训练分类模型。",
            "设定置信度阈值：有把握的建议直接入账，拿不准的连同判断理由一起转交复核人员。",
            "记录每一条建议、每一个决定和每一次修改，以备审计。",
            "每月用复核人员的修正结果重新训练模型。",
          ],
          outcome: [
            "上线三个月后，判定准确率达到 96%。",
            "复核人员只需处理拿不准的明细。",
            "每个增值税税码背后都有完整的审计轨迹。",
          ],
        },
      },
      {
        title: "多国电子发票与税务申报中枢",
        description:
          "一个集成层，将五套ERP实例与多个国家的电子发票平台和税务机关接口相连，使每一项新的强制要求都只需调整配置即可应对，而无需另起项目。",
        imageAlt: "抽象插画：多个系统通过中央枢纽相连，旁边是一组柱状图",
        client: "一家欧洲中型制造集团",
        caseStudy: {
          sector: "工业制造",
          size: "员工约 4,000 人，五套 ERP 实例",
          countries: "子公司分布于欧洲六国",
          challenge: [
            "过去，各国的电子发票和实时申报要求都是在各自的 ERP 中作为单独项目应对的。每出台一项新规定就要投入数月，税务部门也无法统一掌握已经申报了哪些内容。",
          ],
          approach: [
            "在五套 ERP 实例与各国电子发票平台、税务机关接口之间搭建集成层。",
            "把各国规则变成配置：每个国家的格式、期限和校验规则。",
            "所有发票事件都经由消息队列传递，既不丢失，也不重复发送。",
            "为税务部门提供统一视图，集中查看提交、退回和更正情况。",
          ],
          outcome: [
            "应对新国家的强制要求只需调整配置，无需另起项目。",
            "统一掌握向各国税务机关申报的全部内容。",
            "被退回的申报均在期限内完成更正。",
          ],
        },
      },
      {
        title: "特许权使用费数据保护项目",
        description:
          "全面审查并加固一家音乐出版商存储和共享特许权使用费结算单的方式，包括加密被许可方数据、部署安全的合作伙伴门户，以及防范收款账户信息篡改诈骗的控制措施。",
        imageAlt: "抽象插画：盾牌和挂锁守护着数据表格",
        client: "一家被许可方遍布40个国家的独立音乐出版商",
        caseStudy: {
          sector: "音乐出版",
          size: "员工约 150 人",
          countries: "被许可方遍布 40 个国家",
          challenge: [
            "记载被许可方收益和收款账户的特许权使用费结算单，过去以电子表格形式通过邮件发送。一封伪造邮件要求变更某被许可方的收款账户后，这家出版商决定全面审查整个流程。",
          ],
          approach: [
            "梳理特许权使用费和被许可方数据存放在哪里、谁能查看、以何种方式流出公司。",
            "对静态存储的被许可方数据加密，密钥交由托管的密钥保管服务管理。",
            "以单点登录的合作伙伴门户取代邮件附件。",
            "每次变更收款账户，都须经第二人审批并电话回拨确认。",
          ],
          outcome: [
            "结算单不再通过邮件发送。",
            "每一次收款账户变更都由两人核实。",
            "对被许可方数据的访问均有记录并定期复核。",
          ],
        },
      },
      {
        title: "企业税务部门零信任访问",
        description:
          "为一家保险集团的税务系统部署最小权限访问、多因素认证和安全监控，实现季度权限复核自动化，并对数据导出行为进行实时告警。",
        imageAlt: "抽象插画：多层同心防护环围绕中央的钥匙，外围分布着用户节点",
        client: "一家上市保险集团",
        caseStudy: {
          sector: "保险",
          size: "上市集团，员工约 9,000 人",
          countries: "税务部门负责 12 个国家",
          challenge: [
            "集团税务部门的系统存放着整个集团的税务状况和申报资料。多年下来，访问权限不断膨胀：存在共用账户，员工调岗后权限仍然保留，大批量数据被导出时也没有任何告警。",
          ],
          approach: [
            "梳理每项工作需要哪些人拥有哪些权限，并取消共用账户。",
            "为每个税务系统引入最小权限角色和多因素认证。",
            "季度权限复核实现自动化，直接发送给负责审批的主管。",
            "在安全监控中增加对数据导出的实时告警。",
          ],
          outcome: [
            "对税务系统的每一次访问都对应到具体的人和角色。",
            "季度权限复核按时完成，不再依赖电子表格。",
            "异常导出在几分钟内通知安全团队。",
          ],
        },
      },
    ]),
  },
};
