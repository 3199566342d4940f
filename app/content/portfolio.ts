// Portfolio: six anonymised client projects, written per language.
// Ids, categories, images, technologies, years and links are shared across languages.
import type { Localized, PortfolioCategory, PortfolioContent, PortfolioProject } from "./types";

const LIVE_URL: Record<PortfolioCategory, string> = {
  web: "/services/custom-software-development",
  technology: "/services/technology-solutions",
  security: "/services/security-services",
};

interface SharedProject {
  id: number;
  category: PortfolioCategory;
  technologies: string[];
  year: number;
  article: "1" | "2" | "3";
}

const SHARED: SharedProject[] = [
  { id: 1, category: "web", technologies: ["React", "TypeScript", "Node.js", "PostgreSQL", "Peppol"], year: 2024, article: "2" },
  { id: 2, category: "web", technologies: ["Next.js", "TypeScript", "Tailwind CSS"], year: 2022, article: "1" },
  { id: 3, category: "technology", technologies: ["Python", "FastAPI", "scikit-learn", "PostgreSQL", "Kubernetes"], year: 2025, article: "1" },
  { id: 4, category: "technology", technologies: ["Java", "Spring Boot", "Apache Kafka", "Docker"], year: 2021, article: "2" },
  { id: 5, category: "security", technologies: ["Azure Key Vault", "Microsoft Entra ID", "Microsoft Sentinel"], year: 2024, article: "3" },
  { id: 6, category: "security", technologies: ["Okta", "Terraform", "Splunk", "AWS"], year: 2023, article: "3" },
];

type Texts = Pick<PortfolioProject, "title" | "description" | "imageAlt" | "client">;

function build(texts: Texts[]): PortfolioProject[] {
  return SHARED.map((s, i) => ({
    id: s.id,
    ...texts[i],
    category: s.category,
    image: `/images/portfolio/project-${s.id}.svg`,
    technologies: [...s.technologies],
    year: s.year,
    liveUrl: LIVE_URL[s.category],
    githubUrl: `/blog/${s.article}`,
  }));
}

export const portfolio: Localized<PortfolioContent> = {
  en: {
    seo: {
      title: "Portfolio: Tax Technology, Software and Security Projects",
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
      },
      {
        title: "Client Document Portal for an Accounting Network",
        description:
          "A secure, multilingual portal where member firms exchange tax documents with their clients. Uploads are sorted automatically by document type and tax year, and open requests and e-signatures are handled in one place.",
        imageAlt: "Abstract illustration of a browser window with document cards and an upload area",
        client: "A regional network of accounting firms",
      },
      {
        title: "AI-Assisted VAT Classification Engine",
        description:
          "A machine-learning service that proposes VAT codes for purchase and sales lines, routes uncertain cases to reviewers and logs every decision for audit. Coding accuracy reached 96 percent within three months.",
        imageAlt: "Abstract illustration of data points being sorted into three categories",
        client: "A fast-growing online retailer selling in eight EU countries",
      },
      {
        title: "Multi-Country E-Invoicing and Tax Reporting Hub",
        description:
          "An integration layer that connects five ERP instances to e-invoicing platforms and tax authority interfaces in several countries, so each new mandate becomes a configuration task rather than a new project.",
        imageAlt: "Abstract illustration of several systems connected through a central hub next to a bar chart",
        client: "A mid-sized European manufacturing group",
      },
      {
        title: "Royalty Data Protection Programme",
        description:
          "A full review and hardening of how a music publisher stores and shares royalty statements, including encryption of licensee data, a secure partner portal and controls against bank-detail fraud.",
        imageAlt: "Abstract illustration of a data table guarded by a shield and a padlock",
        client: "An independent music publisher with licensees in 40 countries",
      },
      {
        title: "Zero-Trust Access for a Corporate Tax Department",
        description:
          "Least-privilege access, multi-factor authentication and monitoring for an insurer's tax systems, with automated quarterly access reviews and real-time alerts on data exports.",
        imageAlt: "Abstract illustration of concentric protective rings around a key, with user nodes on the outside",
        client: "A listed insurance group",
      },
    ]),
  },
  ja: {
    seo: {
      title: "導入実績：税務テクノロジー・システム開発・セキュリティ",
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
      },
      {
        title: "会計事務所ネットワーク向け顧客書類ポータル",
        description:
          "加盟する会計事務所が、顧客と税務書類を安全にやり取りできる多言語ポータルです。アップロードされた書類は種類と年度ごとに自動で仕分けられ、未対応の依頼の管理や電子署名の取得も一か所で完結します。",
        imageAlt: "書類のカードとアップロード領域を備えたブラウザ画面を表す抽象的なイラスト",
        client: "地域の会計事務所ネットワーク",
      },
      {
        title: "AIによるVAT区分判定エンジン",
        description:
          "仕入・売上の明細ごとにVATコードを提案する機械学習サービスです。判断の難しいものは担当者に回し、すべての判断を監査用に記録します。導入から3か月で判定精度は96％に達しました。",
        imageAlt: "データの点が分類され、三つの区分へ振り分けられていく様子を表す抽象的なイラスト",
        client: "EU8か国で事業を展開する急成長中のEC事業者",
      },
      {
        title: "多国間対応の電子インボイス・税務報告ハブ",
        description:
          "5つのERP環境を、各国の電子インボイス基盤や税務当局のシステムと接続する連携基盤です。新たな義務化への対応が、新規プロジェクトではなく設定変更で済むようになりました。",
        imageAlt: "複数のシステムが中央のハブを介してつながる様子と棒グラフを表す抽象的なイラスト",
        client: "欧州の中堅製造業グループ",
      },
      {
        title: "ロイヤルティデータ保護プログラム",
        description:
          "音楽出版社におけるロイヤルティ計算書の保管・共有の方法を全面的に見直し、強化しました。ライセンシー情報の暗号化、安全なパートナーポータルの導入、振込先情報の改ざんによる詐欺への対策を実施しています。",
        imageAlt: "盾と南京錠で守られたデータの表を表す抽象的なイラスト",
        client: "40か国にライセンシーを持つ独立系音楽出版社",
      },
      {
        title: "税務部門のゼロトラストアクセス",
        description:
          "保険グループの税務システムに、最小権限に基づくアクセス管理、多要素認証、監視の仕組みを導入しました。四半期ごとのアクセス権の棚卸しを自動化し、データのエクスポートをリアルタイムで検知しています。",
        imageAlt: "中央の鍵を同心円状の防御層が囲み、その外側に利用者のノードが並ぶ抽象的なイラスト",
        client: "上場保険グループ",
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
      },
      {
        title: "会计师事务所网络客户文档门户",
        description:
          "安全的多语言门户，供各成员事务所与客户交换税务文件。上传的文件按类型和纳税年度自动归类，待办请求跟踪和电子签名也可在同一平台完成。",
        imageAlt: "抽象插画：带有文档卡片和上传区域的浏览器界面",
        client: "一家区域性会计师事务所网络",
      },
      {
        title: "AI增值税税目判定引擎",
        description:
          "一项机器学习服务，可为每一笔采购和销售明细推荐增值税税码，将拿不准的情况转交审核人员，并记录每一项决定以备审计。上线三个月后，判定准确率达到96%。",
        imageAlt: "抽象插画：数据点经过分类后分流至三个类别",
        client: "一家业务覆盖欧盟八国的快速成长型电商企业",
      },
      {
        title: "多国电子发票与税务申报中枢",
        description:
          "一个集成层，将五套ERP实例与多个国家的电子发票平台和税务机关接口相连，使每一项新的强制要求都只需调整配置即可应对，而无需另起项目。",
        imageAlt: "抽象插画：多个系统通过中央枢纽相连，旁边是一组柱状图",
        client: "一家欧洲中型制造集团",
      },
      {
        title: "特许权使用费数据保护项目",
        description:
          "全面审查并加固一家音乐出版商存储和共享特许权使用费结算单的方式，包括加密被许可方数据、部署安全的合作伙伴门户，以及防范收款账户信息篡改诈骗的控制措施。",
        imageAlt: "抽象插画：盾牌和挂锁守护着数据表格",
        client: "一家被许可方遍布40个国家的独立音乐出版商",
      },
      {
        title: "企业税务部门零信任访问",
        description:
          "为一家保险集团的税务系统部署最小权限访问、多因素认证和安全监控，实现季度权限复核自动化，并对数据导出行为进行实时告警。",
        imageAlt: "抽象插画：多层同心防护环围绕中央的钥匙，外围分布着用户节点",
        client: "一家上市保险集团",
      },
    ]),
  },
};
