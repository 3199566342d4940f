// Blog index and the three articles, written per language (not translated word for word).
// Ids, dates, images, read times and related ids are shared so every language stays in step.
import type { BlogArticleId } from "~/lib/blog";
import { picturePath, pictureSrcSet } from "~/lib/pictures";
import type { Article, BlogIndexContent, Localized } from "./types";

export const blogIndex: Localized<BlogIndexContent> = {
  en: {
    seo: {
      title: "Insights on Tax, Technology and Security",
      description:
        "Articles from our tax consultants, engineers and security specialists on AI in tax compliance, e-invoicing mandates and protecting sensitive financial data.",
    },
    title: "Insights",
    subtitle: "Practical perspectives on tax, technology and security from our consultants and engineers.",
    content: [
      "The {siteName} blog is where our tax consultants, software engineers and security specialists share what they learn in client work: how new rules affect day-to-day compliance, which technologies are worth adopting and how to keep sensitive financial data safe.",
      "Every article is written by the people who do the work at {siteName}. We focus on practical steps rather than theory, so that finance teams, tax managers and IT leaders can turn each topic into concrete action in their own organisation.",
      "Our articles are general information and do not replace advice on your specific situation. If a topic raises questions for your business, the {siteName} team is happy to discuss it with you in English, Japanese or Chinese.",
    ],
  },
  ja: {
    seo: {
      title: "税務・テクノロジー・セキュリティのインサイト",
      description:
        "税務におけるAI活用、電子インボイスの義務化、財務データのセキュリティなど、当社の税務コンサルタントとエンジニアが実務に役立つ情報をお届けします。",
    },
    title: "インサイト",
    subtitle: "税務・テクノロジー・セキュリティについて、当社のコンサルタントとエンジニアが実務の視点からお届けします。",
    content: [
      "{siteName}のブログでは、税務コンサルタント、ソフトウェアエンジニア、セキュリティ専門家が、日々のお客様支援を通じて得た知見をお伝えしています。新しい制度が日常の税務実務に与える影響、導入を検討する価値のある技術、機密性の高い財務データを守る方法などを取り上げます。",
      "記事はすべて、{siteName}で実際に業務を担当している専門家が執筆しています。理論よりも実践的な手順を重視し、経理・財務部門、税務ご担当者、IT部門の皆さまが自社で具体的な行動に移せる内容を目指しています。",
      "掲載記事は一般的な情報の提供を目的としたものであり、個別の状況に応じた助言に代わるものではありません。記事の内容を自社に当てはめる際にご不明な点がございましたら、{siteName}までお気軽にご相談ください。日本語・英語・中国語で対応いたします。",
    ],
  },
  zh: {
    seo: {
      title: "税务、科技与安全专业洞察",
      description:
        "税务顾问与工程师分享AI赋能税务合规、电子发票强制推行以及财务数据安全等方面的实用见解。",
    },
    title: "专业洞察",
    subtitle: "我们的顾问和工程师从实务角度出发，分享税务、科技与安全领域的见解。",
    content: [
      "在{siteName}博客中，我们的税务顾问、软件工程师和安全专家分享在客户服务中积累的经验：新规对日常合规工作有何影响、哪些技术值得引入，以及如何保障敏感财务数据的安全。",
      "每一篇文章都由{siteName}的一线专业人员撰写。我们注重实操而非空谈理论，力求让财务团队、税务经理和IT负责人都能将文章内容转化为本企业的具体行动。",
      "本博客文章仅供一般参考，不能替代针对具体情况的专业意见。如果您对相关话题在贵公司的适用有任何疑问，欢迎联系{siteName}团队，我们可以使用中文、英文或日文与您沟通。",
    ],
  },
};

const shared = {
  // Modified: the search titles were shortened to fit a result (2026-12-01).
  "1": { date: "2025-01-15", modified: "2026-12-01", readTime: 5, related: ["2", "3"] },
  "2": { date: "2025-02-12", modified: "2026-12-01", readTime: 6, related: ["1", "3"] },
  "3": { date: "2025-03-05", modified: "2026-12-01", readTime: 5, related: ["1", "2"] },
} as const satisfies Record<BlogArticleId, { date: string; modified: string; readTime: number; related: readonly [BlogArticleId, BlogArticleId] }>;

function meta(id: keyof typeof shared) {
  const s = shared[id];
  return { id, date: s.date, modified: s.modified, readTime: s.readTime, image: picturePath("blog", id), imageSrcSet: pictureSrcSet("blog", id), related: [s.related[0], s.related[1]] as [string, string] };
}

export const articles: Localized<Article[]> = {
  en: [
    {
      ...meta("1"),
      seo: {
        title: "How AI Is Changing Tax Compliance for Businesses",
        description:
          "Where AI already helps growing businesses with tax compliance, where human judgement still matters, and how to start with clean data and clear controls.",
      },
      title: "How AI Is Changing Tax Compliance for Growing Businesses",
      excerpt:
        "Growth brings new tax obligations faster than most finance teams can hire. Here is where AI genuinely helps today, where it does not, and how to adopt it without losing control.",
      category: "Tax Technology",
      author: "Daniel Weber",
      authorRole: "Head of Tax Technology",
      authorBio:
        "Daniel leads the tax technology practice at {siteName}, where he designs automation and AI workflows for corporate tax teams. Before joining the firm, he spent ten years in indirect tax at an international accounting firm.",
      imageAlt: "Abstract illustration of a network of connected nodes feeding into a stack of tax documents marked with a check",
      tags: ["AI", "Tax compliance", "Automation", "Growing businesses"],
      body: [
        {
          type: "p",
          text: "For a growing business, tax compliance rarely becomes harder in one dramatic step. It creeps up. A first customer in another country, a new sales channel, a second legal entity, a payroll in a new region: each change adds filings, rules and deadlines, while the finance team often stays the same size. Spreadsheets that worked for one entity start to crack under five.",
        },
        {
          type: "p",
          text: "Artificial intelligence will not make tax obligations disappear, but it is changing how much effort it takes to meet them. Over the past two years we have seen clients of every size move from cautious experiments to AI tools that run inside their everyday processes. Here is what we have learned along the way.",
        },
        { type: "h2", id: "where-ai-already-makes-a-difference", text: "Where AI already makes a difference" },
        {
          type: "p",
          text: "The most valuable uses of AI in tax are not the most spectacular ones. They are repetitive, high-volume tasks where people are slow and error-prone, and where the output of a machine can be checked easily.",
        },
        {
          type: "ul",
          items: [
            "Transaction classification: models suggest the right tax code for each purchase and sales line, learning from your history and flagging anything unusual instead of guessing silently.",
            "Document extraction: invoices, receipts and customs documents are read automatically, and the key fields are matched against purchase orders and payments.",
            "Anomaly detection: unusual rates, duplicate invoices or sudden shifts in a VAT return are highlighted before filing, not discovered during an audit.",
            "Research support: AI assistants summarise rules, compare jurisdictions and point to the relevant sources, so advisers spend their time on judgement rather than on searching.",
            "Forecasting: tax cash flows and provisions can be estimated continuously instead of once a quarter.",
          ],
        },
        {
          type: "p",
          text: "Individually, each of these saves hours. Together, they change the rhythm of compliance from a monthly rush to a continuous, largely automated process in which people review the exceptions.",
        },
        { type: "h2", id: "what-ai-does-not-replace", text: "What AI does not replace" },
        {
          type: "p",
          text: "Tax remains a field of interpretation and accountability. A model can tell you that a transaction looks like others that were treated as zero-rated; it cannot take responsibility for the position you file. Rules change, facts are often incomplete, and the tax authority will ask who made the decision and why.",
        },
        {
          type: "quote",
          text: "AI is excellent at preparing the decision. The decision itself, and the responsibility for it, should stay with people who understand the business.",
        },
        {
          type: "p",
          text: "That is why we design every AI workflow with a human in the loop. Confident, low-risk suggestions can be accepted in bulk; uncertain or material ones are routed to a reviewer with the evidence attached. Every suggestion, approval and override is logged, so the audit trail becomes stronger than in a manual process, not weaker.",
        },
        { type: "h2", id: "how-to-get-started-without-losing-control", text: "How to get started without losing control" },
        {
          type: "p",
          text: "Growing businesses do not need a large transformation programme to benefit. In our experience, a few practical steps make the difference between a useful tool and an expensive experiment.",
        },
        {
          type: "ul",
          items: [
            "Start with your data: consistent vendor master data, a clean chart of accounts and a clear tax code structure matter more than the choice of model.",
            "Pick one painful process, such as coding purchase invoices, and measure the current error rate and time spent before you automate anything.",
            "Define thresholds: decide which amounts, jurisdictions and risk levels always require human review.",
            "Keep sensitive data protected: check where the AI provider processes and stores your data, and whether it is used to train shared models.",
            "Review the results regularly with your tax adviser and adjust the rules as the business and the law change.",
          ],
        },
        {
          type: "p",
          text: "Once the first process runs reliably, the same foundations of data, controls and review routines can be extended to returns, reconciliations and reporting in other countries.",
        },
        { type: "h2", id: "the-bottom-line", text: "The bottom line" },
        {
          type: "p",
          text: "AI is becoming part of the standard toolkit for tax compliance, much as accounting software did a generation ago. Businesses that adopt it thoughtfully will file faster, with fewer errors and better documentation, and their finance teams will spend more time on planning and less on data entry. The technology is ready; the real work lies in clean data, clear responsibilities and sensible controls. If you would like to explore where AI could help in your own compliance processes, our tax and technology teams are happy to talk it through with you.",
        },
      ],
    },
    {
      ...meta("2"),
      seo: {
        title: "E-Invoicing Mandates: A Guide for Finance Teams",
        description:
          "E-invoicing mandates are spreading worldwide. A practical guide for finance teams on timelines, master data, systems and the processes to prepare now.",
      },
      title: "E-Invoicing Mandates: What Finance Teams Should Prepare Now",
      excerpt:
        "Electronic invoicing is moving from optional to mandatory in country after country. A practical checklist for finance teams that want to be ready before the deadline, not after it.",
      category: "Compliance",
      author: "Yuki Tanaka",
      authorRole: "Senior Indirect Tax Consultant",
      authorBio:
        "Yuki advises multinational groups at {siteName} on VAT, consumption tax and e-invoicing projects across Europe and Asia. She previously worked in the indirect tax team of a large Japanese trading company.",
      imageAlt: "Abstract illustration of electronic invoices travelling along a connected channel between two systems",
      tags: ["E-invoicing", "VAT", "Compliance", "Finance teams"],
      body: [
        {
          type: "p",
          text: "For decades, an invoice was simply a document sent from seller to buyer. Increasingly, it is also a data record that tax authorities want to see, sometimes before the customer does. E-invoicing mandates are spreading quickly, and for businesses that trade across borders the question is no longer whether they will be affected, but when, and in how many countries.",
        },
        { type: "h2", id: "why-governments-are-moving-to-e-invoicing", text: "Why governments are moving to e-invoicing" },
        {
          type: "p",
          text: "The main driver is the VAT gap: the difference between the tax that should be collected and the tax that actually arrives. Structured electronic invoices, often combined with real-time or near-real-time reporting, give authorities a far more accurate picture of transactions and make fraud much harder. For businesses, the promise is faster processing, fewer disputes and, eventually, pre-filled returns.",
        },
        { type: "h2", id: "a-fast-moving-landscape", text: "A fast-moving landscape" },
        {
          type: "p",
          text: "The details differ from country to country, which is precisely what makes preparation difficult. A few examples illustrate the range:",
        },
        {
          type: "ul",
          items: [
            "Germany has required businesses to be able to receive structured e-invoices since January 2025, with mandatory issuance phased in over the following years.",
            "Belgium plans to make structured B2B e-invoicing mandatory from January 2026, and France and Poland have scheduled their own mandates to begin in 2026.",
            "At EU level, the VAT in the Digital Age package will introduce digital reporting for cross-border transactions, currently expected from 2030.",
            "In Japan, the Qualified Invoice System has applied since October 2023, and Peppol-based digital invoices (JP PINT) are steadily gaining ground.",
            "China is rolling out fully digitalised e-invoices nationwide, replacing traditional paper-based formats.",
          ],
        },
        {
          type: "p",
          text: "Formats, transmission channels, archiving rules and penalties all vary. Some countries use a central government platform, others a network of certified service providers, and many accept Peppol. Dates also move: several mandates have already been postponed at least once, so plans need room for change.",
        },
        { type: "h2", id: "what-finance-teams-should-prepare", text: "What finance teams should prepare" },
        {
          type: "p",
          text: "Whatever the exact timeline in your countries, the preparation follows a similar pattern. We recommend starting at least twelve months before the first mandate that applies to you.",
        },
        {
          type: "ul",
          items: [
            "Map your exposure: list the entities, countries and invoice flows (outgoing, incoming, B2B, B2G) that fall under current and announced mandates.",
            "Clean your master data: tax identification numbers, addresses and product codes must be correct, because an e-invoice with invalid data can be rejected outright.",
            "Review your systems: check whether your ERP can produce the required formats, or whether you need an e-invoicing provider or access point.",
            "Redesign approval and exception processes: rejected invoices, credit notes and corrections need clear owners and deadlines.",
            "Plan archiving: electronic invoices must usually be stored in their original format, with integrity and readability guaranteed for many years.",
            "Talk to customers and suppliers early: the switch only works when both sides are ready.",
          ],
        },
        { type: "h2", id: "turning-a-compliance-project-into-an-improvement", text: "Turning a compliance project into an improvement" },
        {
          type: "p",
          text: "Treated purely as a legal obligation, e-invoicing is a cost. Treated as a process redesign, it is an opportunity. Structured data removes manual keying, speeds up matching with purchase orders and payments, and makes VAT reconciliation far easier to automate. Businesses that use the mandate to tidy up their order-to-cash and purchase-to-pay processes often recover their investment through lower processing costs and fewer late-payment disputes.",
        },
        {
          type: "quote",
          text: "The companies that cope best with e-invoicing are not the ones with the most expensive software, but the ones that knew their own invoice flows before the deadline arrived.",
        },
        {
          type: "p",
          text: "A single, central approach also pays off. Rather than solving each country separately as deadlines arrive, many groups now choose one platform or integration layer that supports several formats. This reduces the number of vendors, keeps data consistent and turns the next mandate into a configuration task rather than a new project.",
        },
        { type: "h2", id: "start-now-stay-flexible", text: "Start now, stay flexible" },
        {
          type: "p",
          text: "E-invoicing will keep evolving for years to come. The best preparation is a clear inventory of your invoice flows, reliable master data and an architecture that can adapt as requirements change. Our consultants and developers help finance teams assess their readiness, select providers and integrate e-invoicing into existing systems, so that each new mandate becomes routine rather than a crisis.",
        },
      ],
    },
    {
      ...meta("3"),
      seo: {
        title: "Protecting Tax and Royalty Data: A Security Guide",
        description:
          "Tax and royalty data is among the most sensitive information a company holds. Practical steps to protect it: access control, encryption, partners, monitoring.",
      },
      title: "Protecting Tax and Royalty Data: A Practical Security Guide",
      excerpt:
        "Tax returns, transfer pricing files and royalty statements reveal more about a business than almost any other data. Here is how to protect them without slowing the finance team down.",
      category: "Security",
      author: "Lin Chen",
      authorRole: "Head of Security Services",
      authorBio:
        "Lin leads the security services team at {siteName}, helping finance and licensing departments protect sensitive data and meet regulatory requirements. She holds the CISSP and CISA certifications and previously led security audits in the financial sector.",
      imageAlt: "Abstract illustration of a shield with a padlock protecting rows of encrypted data",
      tags: ["Data security", "Royalties", "Access control", "Risk management"],
      body: [
        {
          type: "p",
          text: "Ask a company which data it protects most carefully, and the answer is usually customer records or intellectual property. Tax and royalty data is rarely at the top of the list, yet it reveals almost everything: margins, pricing strategies, intercompany structures, licensing terms and the identities of partners and rights holders. In the wrong hands, it is valuable to competitors, fraudsters and extortion groups alike.",
        },
        { type: "h2", id: "why-this-data-is-especially-exposed", text: "Why this data is especially exposed" },
        {
          type: "p",
          text: "Tax and royalty information travels further than most sensitive data. It moves between ERP systems, spreadsheets, tax engines, external advisers, auditors, licensing partners and tax authority portals. Each hand-off creates a copy, and each copy is a potential leak. Royalty calculations add another layer of risk: they often combine licensees' sales data with contract terms and bank details for payments, exactly the combination attackers look for.",
        },
        {
          type: "p",
          text: "At the same time, finance teams work under constant deadline pressure. When a filing is due tomorrow, a password-protected spreadsheet sent by email can seem like a reasonable shortcut. Good security must therefore be practical, or it will simply be bypassed.",
        },
        { type: "h2", id: "five-controls-that-matter-most", text: "Five controls that matter most" },
        {
          type: "ul",
          items: [
            "Know where the data lives: keep an up-to-date inventory of the systems, shared folders and third parties that hold tax or royalty data, and remove copies that are no longer needed.",
            "Grant access by role and by need: apply the principle of least privilege, review permissions every quarter and remove access promptly when people change roles or leave.",
            "Encrypt everywhere: protect data in transit and at rest, including backups and exports, and manage encryption keys separately from the data.",
            "Use strong authentication: require multi-factor authentication for every finance, tax and licensing system, above all for remote access and administrator accounts.",
            "Log and monitor: record who viewed, changed or exported sensitive records, and alert on unusual patterns such as large downloads just before a holiday weekend.",
          ],
        },
        { type: "h2", id: "do-not-forget-your-partners", text: "Do not forget your partners" },
        {
          type: "p",
          text: "Many incidents do not start inside the company at all. They begin at a service provider, a payroll bureau or a licensing partner with weaker controls. Before sharing tax or royalty data, ask how the partner protects it, where it is stored and who can access it. Include security requirements and breach notification duties in contracts, and prefer secure portals to email attachments for every recurring exchange.",
        },
        {
          type: "quote",
          text: "Security for tax data is not a single product. It is a set of habits that make the safe way of working also the easiest one.",
        },
        { type: "h2", id: "prepare-for-the-day-something-goes-wrong", text: "Prepare for the day something goes wrong" },
        {
          type: "p",
          text: "Even well-protected organisations suffer incidents; what distinguishes them is how quickly they respond. An incident response plan for finance data should state who decides, who informs tax authorities, regulators and partners, and how filings will continue if a key system is unavailable. Test the plan at least once a year with a realistic scenario, such as a compromised mailbox of a senior tax manager or a fraudulent change to a licensor's bank details.",
        },
        { type: "h2", id: "where-to-begin", text: "Where to begin" },
        {
          type: "p",
          text: "If this list feels long, start with a short assessment. Map the flows of your most sensitive tax and royalty data, check who can access it today and close the most obvious gaps, which are usually excessive permissions, missing multi-factor authentication and uncontrolled email exchange. These steps cost little and reduce risk immediately. Our security specialists combine knowledge of tax processes with technical expertise, so the controls we recommend protect your data without getting in the way of the filing calendar.",
        },
      ],
    },
  ],
  ja: [
    {
      ...meta("1"),
      seo: {
        title: "AIが変える成長企業の税務コンプライアンス",
        description:
          "成長企業の税務コンプライアンスでAIがすでに役立っている領域と、人の判断が欠かせない領域を整理し、データ整備と統制を軸にした導入の進め方を解説します。",
      },
      title: "AIが変える成長企業の税務コンプライアンス",
      excerpt:
        "事業が成長するほど、税務上の義務は人員の増加を上回るペースで増えていきます。いまAIが本当に役立つ領域とそうでない領域、そして統制を失わずに導入するためのポイントをまとめました。",
      category: "税務テクノロジー",
      author: "ダニエル・ウェーバー",
      authorRole: "税務テクノロジー部門 責任者",
      authorBio:
        "{siteName}の税務テクノロジー部門を率い、企業の税務部門向けに自動化とAIを活用した業務フローを設計しています。入社前は国際的な会計事務所で10年間、間接税業務に携わっていました。",
      imageAlt: "相互につながったノードのネットワークから、チェックマーク付きの税務書類へと情報が流れ込む様子を表した抽象的なイラスト",
      tags: ["AI", "税務コンプライアンス", "業務自動化", "成長企業"],
      body: [
        {
          type: "p",
          text: "成長企業にとって、税務コンプライアンスの負担はある日突然重くなるわけではありません。少しずつ、しかし確実に増えていきます。海外の顧客との初めての取引、新しい販売チャネル、二つ目の法人、新たな地域での給与計算。変化のたびに申告や規則、期限が増える一方で、経理チームの人数は変わらないことがほとんどです。一社のときには回っていたスプレッドシートも、五社になると立ち行かなくなります。",
        },
        {
          type: "p",
          text: "AIによって税務上の義務がなくなるわけではありません。しかし、義務を果たすために必要な手間は大きく変わりつつあります。この2年ほどで、規模を問わず多くのお客様が慎重な試験導入の段階を終え、日々の業務プロセスにAIツールを組み込むようになりました。その過程で私たちが得た知見をご紹介します。",
        },
        { type: "h2", id: "where-ai-already-makes-a-difference", text: "AIがすでに成果を上げている領域" },
        {
          type: "p",
          text: "税務におけるAI活用で最も価値が高いのは、派手な使い方ではありません。件数が多く繰り返しの多い作業、つまり人が行うと時間がかかりミスも起きやすい一方で、機械の出した結果を簡単に検証できる作業です。",
        },
        {
          type: "ul",
          items: [
            "取引の税区分判定：過去の実績から学習したモデルが、仕入・売上の明細ごとに適切な税コードを提案します。判断に迷うものは推測で済ませず、フラグを立てて知らせます。",
            "書類からのデータ抽出：請求書や領収書、通関書類を自動で読み取り、主要な項目を発注書や支払データと照合します。",
            "異常検知：通常と異なる税率、請求書の重複、申告データの急な変動などを、税務調査で指摘されるのではなく、申告前の段階で洗い出します。",
            "調査・リサーチの支援：AIアシスタントが規定の要点を整理し、国・地域ごとの違いを比較して根拠資料を示すため、専門家は検索ではなく判断に時間を使えます。",
            "予測：税金のキャッシュフローや引当金を、四半期に一度ではなく継続的に見積もれるようになります。",
          ],
        },
        {
          type: "p",
          text: "一つひとつでも数時間単位の削減につながりますが、組み合わせることで効果はさらに大きくなります。月末や期末に集中していた作業が、大部分を自動化し、例外だけを人が確認する継続的なプロセスへと変わるのです。",
        },
        { type: "h2", id: "what-ai-does-not-replace", text: "AIでは代替できないこと" },
        {
          type: "p",
          text: "税務は今も、解釈と説明責任が問われる分野です。モデルは「この取引は、免税として処理された過去の取引に似ている」と示すことはできても、申告内容に責任を負うことはできません。法令は改正され、事実関係が不完全なことも珍しくありません。そして税務当局は、誰がどのような理由で判断したのかを必ず確認します。",
        },
        {
          type: "quote",
          text: "AIは判断の準備をするのが得意です。しかし判断そのもの、そしてその責任は、事業を理解している人が担うべきです。",
        },
        {
          type: "p",
          text: "そのため私たちは、すべてのAIワークフローに人による確認のステップを組み込んでいます。確度が高くリスクの低い提案はまとめて承認し、確度の低いものや金額的に重要なものは、根拠資料を添えて担当者に回します。提案、承認、修正のすべてが記録されるため、監査証跡は手作業の場合よりも、むしろ強固になります。",
        },
        { type: "h2", id: "how-to-get-started-without-losing-control", text: "統制を保ちながら導入を始めるには" },
        {
          type: "p",
          text: "成長企業がAIの恩恵を受けるために、大規模な変革プロジェクトは必要ありません。私たちの経験では、いくつかの実践的なステップを踏むかどうかが、役に立つツールになるか、費用ばかりかかる実験で終わるかの分かれ目になります。",
        },
        {
          type: "ul",
          items: [
            "まずはデータから：どのモデルを選ぶかよりも、取引先マスタの一貫性、整理された勘定科目体系、明確な税コード体系のほうがはるかに重要です。",
            "課題の大きい業務を一つに絞る：たとえば仕入請求書の税区分判定を選び、自動化の前に現状のエラー率と作業時間を測定しておきます。",
            "基準を決める：どの金額、どの国・地域、どのリスク水準であれば必ず人が確認するのかを、あらかじめ定めておきます。",
            "機密データを守る：AIの提供事業者がデータをどこで処理・保存するのか、共有モデルの学習に利用されないかを確認します。",
            "定期的に見直す：税務アドバイザーと結果を定期的に確認し、事業や法令の変化に合わせてルールを調整します。",
          ],
        },
        {
          type: "p",
          text: "最初の業務が安定して回り始めたら、データ、統制、レビューの仕組みという同じ基盤を、申告書の作成や照合作業、海外拠点の報告業務へと広げていくことができます。",
        },
        { type: "h2", id: "the-bottom-line", text: "まとめ" },
        {
          type: "p",
          text: "かつて会計ソフトがそうであったように、AIは税務コンプライアンスの標準的なツールになりつつあります。計画的に導入した企業は、より速く、より少ないミスで、より充実した記録とともに申告できるようになり、経理チームはデータ入力ではなく計画立案に時間を使えるようになるでしょう。技術はすでに実用段階にあります。本当に重要なのは、整ったデータ、明確な役割分担、そして適切な統制です。自社の税務プロセスのどこにAIを活かせるか検討したい方は、ぜひ当社の税務・テクノロジーチームにご相談ください。",
        },
      ],
    },
    {
      ...meta("2"),
      seo: {
        title: "電子インボイス義務化：経理部門が準備すべきこと",
        description:
          "世界各国で広がる電子インボイスの義務化。各国のスケジュール、マスタデータの整備、システムと業務プロセスの見直しなど、経理・財務部門が今から取り組むべき準備を解説します。",
      },
      title: "電子インボイス義務化に向けて、経理・財務部門がいま準備すべきこと",
      excerpt:
        "電子インボイスは、任意の取り組みから法的な義務へと、国ごとに移行しつつあります。期限が来てから慌てないために、経理・財務部門が押さえておきたい準備のチェックリストです。",
      category: "コンプライアンス",
      author: "田中 由紀",
      authorRole: "シニア間接税コンサルタント",
      authorBio:
        "{siteName}で多国籍企業グループを担当し、欧州とアジアにおける付加価値税・消費税および電子インボイス対応のプロジェクトを支援しています。以前は大手総合商社の間接税チームに在籍していました。",
      imageAlt: "二つのシステムをつなぐ経路の上を、電子インボイスが流れていく様子を表した抽象的なイラスト",
      tags: ["電子インボイス", "インボイス制度", "消費税・VAT", "経理・財務"],
      body: [
        {
          type: "p",
          text: "長年、請求書は売り手から買い手へ送られる書類にすぎませんでした。しかし今では、税務当局が把握したいデータそのものになりつつあり、ときには顧客より先に当局へ届くこともあります。電子インボイスの義務化は急速に広がっており、国境を越えて取引する企業にとっては、影響を受けるかどうかではなく、いつ、いくつの国で対応が必要になるかが問題になっています。",
        },
        { type: "h2", id: "why-governments-are-moving-to-e-invoicing", text: "各国政府が電子インボイスを導入する理由" },
        {
          type: "p",
          text: "最大の要因は、いわゆるVATギャップ、つまり本来徴収されるべき税額と実際の税収との差です。構造化された電子インボイスを、リアルタイムまたはそれに近い形での報告と組み合わせることで、当局は取引をはるかに正確に把握でき、不正も格段に難しくなります。企業にとっても、処理の迅速化、取引先とのトラブルの減少、さらには将来的な申告書の事前記入といったメリットが期待されます。",
        },
        { type: "h2", id: "a-fast-moving-landscape", text: "めまぐるしく変わる各国の状況" },
        {
          type: "p",
          text: "要件は国ごとに異なり、それこそが準備を難しくしている理由です。いくつか例を挙げます。",
        },
        {
          type: "ul",
          items: [
            "ドイツでは2025年1月から、事業者に構造化された電子インボイスの受領対応が求められており、発行義務も今後数年をかけて段階的に導入されます。",
            "ベルギーは2026年1月からB2B取引における構造化電子インボイスの義務化を予定しており、フランスとポーランドも2026年からの義務化を予定しています。",
            "EUレベルでは、「デジタル時代のVAT（ViDA）」パッケージにより、域内の国境を越える取引についてデジタル報告が導入される見込みで、現時点では2030年からの適用が想定されています。",
            "日本では2023年10月にインボイス制度（適格請求書等保存方式）が始まり、Peppolに準拠したデジタルインボイス（JP PINT）の利用も着実に広がっています。",
            "中国では、従来の紙ベースの発票に代わり、全面的にデジタル化された電子発票（数電票）の全国展開が進んでいます。",
          ],
        },
        {
          type: "p",
          text: "データ形式、送受信の経路、保存要件、罰則はそれぞれ異なります。政府の中央プラットフォームを使う国もあれば、認定事業者のネットワークを利用する国もあり、多くの国がPeppolに対応しています。開始時期も変わり得ます。すでに一度以上延期された義務化も少なくないため、計画には変更に対応できる余地を持たせておく必要があります。",
        },
        { type: "h2", id: "what-finance-teams-should-prepare", text: "経理・財務部門が準備すべきこと" },
        {
          type: "p",
          text: "対象国ごとのスケジュールは異なっても、準備の進め方には共通点があります。自社に最初に適用される義務化の、少なくとも12か月前には着手することをおすすめします。",
        },
        {
          type: "ul",
          items: [
            "影響範囲を把握する：現行および公表済みの義務化の対象となる法人、国、請求書の流れ（発行・受領、B2B・B2G）を一覧にまとめます。",
            "マスタデータを整備する：税務上の登録番号、住所、品目コードは正確でなければなりません。データに不備のある電子インボイスは、そのまま差し戻されることがあります。",
            "システムを点検する：ERPが求められる形式で出力できるか、それとも電子インボイスのサービス事業者やアクセスポイントが必要かを確認します。",
            "承認と例外処理のフローを見直す：差し戻された請求書、返還インボイス、訂正について、担当者と期限を明確にしておきます。",
            "保存方法を計画する：電子インボイスは原則として受け取った形式のまま、真実性と可視性を確保したうえで長期間保存する必要があります。",
            "取引先と早めに話し合う：電子インボイスへの移行は、自社と取引先の双方の準備が整って初めて機能します。",
          ],
        },
        { type: "h2", id: "turning-a-compliance-project-into-an-improvement", text: "法令対応を業務改善につなげる" },
        {
          type: "p",
          text: "単なる法令対応として捉えれば、電子インボイスはコストにすぎません。しかし業務プロセスを見直す機会と捉えれば、大きなチャンスになります。構造化データによって手入力が不要になり、発注書や支払との照合が速くなり、消費税・VATの照合作業も自動化しやすくなります。義務化を機に、受注から入金、購買から支払までのプロセスを整理した企業の多くは、処理コストの削減や支払遅延をめぐるトラブルの減少によって投資を回収しています。",
        },
        {
          type: "quote",
          text: "電子インボイスにうまく対応できる企業とは、最も高価なソフトウェアを導入した企業ではありません。期限が来る前に、自社の請求書の流れを把握していた企業です。",
        },
        {
          type: "p",
          text: "一元的なアプローチも効果的です。期限が来るたびに国ごとに個別対応するのではなく、複数の形式に対応できる一つのプラットフォームや連携基盤を選ぶ企業グループが増えています。取引するベンダーの数を減らしてデータの一貫性を保てるうえ、次の義務化への対応も、新規プロジェクトではなく設定変更で済むようになります。",
        },
        { type: "h2", id: "start-now-stay-flexible", text: "今すぐ始め、柔軟に備える" },
        {
          type: "p",
          text: "電子インボイスをめぐる制度は、今後も何年にもわたって変化を続けるでしょう。最良の備えは、自社の請求書の流れを明確に把握し、信頼できるマスタデータを整え、要件の変化に対応できるシステム構成を持つことです。当社のコンサルタントと開発者は、対応状況の評価からサービス事業者の選定、既存システムへの組み込みまでを一貫して支援し、新たな義務化が危機ではなく通常業務の一部となるようお手伝いします。",
        },
      ],
    },
    {
      ...meta("3"),
      seo: {
        title: "税務データとロイヤルティデータを守る実践ガイド",
        description:
          "税務データやロイヤルティデータは、企業が持つ情報の中でも特に機密性の高いものです。アクセス管理、暗号化、委託先の管理、監視など、実践的な保護策を解説します。",
      },
      title: "税務データとロイヤルティデータを守るための実践ガイド",
      excerpt:
        "税務申告書、移転価格文書、ロイヤルティ計算書は、ほかのどのデータよりも企業の内情を雄弁に物語ります。経理チームの業務を止めることなく、これらを守る方法をご紹介します。",
      category: "セキュリティ",
      author: "陳 琳",
      authorRole: "セキュリティサービス部門 責任者",
      authorBio:
        "{siteName}のセキュリティサービスチームを率い、経理部門やライセンス管理部門における機密データの保護と規制対応を支援しています。CISSPとCISAの資格を持ち、以前は金融業界でセキュリティ監査を指揮していました。",
      imageAlt: "暗号化されたデータの列を、南京錠の付いた盾が守っている様子を表した抽象的なイラスト",
      tags: ["データセキュリティ", "ロイヤルティ", "アクセス管理", "リスク管理"],
      body: [
        {
          type: "p",
          text: "最も慎重に守っているデータは何かと企業に尋ねると、たいていは顧客情報や知的財産という答えが返ってきます。税務データやロイヤルティデータが真っ先に挙がることは、ほとんどありません。しかし、これらのデータからは、利益率、価格戦略、グループ内の取引構造、ライセンス条件、さらには取引先や権利者が誰なのかまで、ほぼすべてが読み取れます。悪意のある者の手に渡れば、競合他社にとっても、詐欺グループや恐喝を企てる攻撃者にとっても、大きな価値を持つ情報です。",
        },
        { type: "h2", id: "why-this-data-is-especially-exposed", text: "なぜこれらのデータは狙われやすいのか" },
        {
          type: "p",
          text: "税務やロイヤルティに関する情報は、ほかの機密データよりも広い範囲を行き来します。ERP、スプレッドシート、税務エンジン、外部の税理士やアドバイザー、監査人、ライセンス先、税務当局のポータルの間を移動し、受け渡しのたびにコピーが生まれます。そして、そのコピーの一つひとつが漏えいの原因になり得ます。ロイヤルティ計算には、さらに別のリスクがあります。ライセンシーの売上データ、契約条件、支払先の口座情報が一か所に集まることが多く、攻撃者はまさにこうした組み合わせを狙っているのです。",
        },
        {
          type: "p",
          text: "一方で、経理・税務チームは常に期限に追われています。申告期限が明日に迫っていれば、パスワード付きのスプレッドシートをメールで送るのもやむを得ないと思えてしまうかもしれません。だからこそ、セキュリティ対策は現場で無理なく実践できるものでなければ、いずれ形骸化してしまいます。",
        },
        { type: "h2", id: "five-controls-that-matter-most", text: "特に重要な五つの対策" },
        {
          type: "ul",
          items: [
            "データの所在を把握する：税務・ロイヤルティデータを保持するシステム、共有フォルダ、外部委託先の一覧を常に最新に保ち、不要になったコピーは削除します。",
            "役割と必要性に応じてアクセス権を付与する：最小権限の原則を徹底し、権限を四半期ごとに見直すとともに、異動や退職の際には速やかにアクセス権を削除します。",
            "あらゆる場所で暗号化する：通信中と保存中のデータを、バックアップやエクスポートしたファイルも含めて保護し、暗号鍵はデータとは分けて管理します。",
            "強固な認証を使う：経理、税務、ライセンス管理のすべてのシステムに多要素認証を導入し、特にリモートアクセスと管理者アカウントには必ず適用します。",
            "記録と監視を行う：誰が機密データを閲覧、変更、エクスポートしたかを記録し、連休直前の大量ダウンロードなど、通常と異なる動きを検知したらアラートを出します。",
          ],
        },
        { type: "h2", id: "do-not-forget-your-partners", text: "取引先のリスクも見落とさない" },
        {
          type: "p",
          text: "多くのインシデントは、社内ではなく、管理体制の弱いサービス事業者や給与計算の委託先、ライセンスパートナーから始まります。税務データやロイヤルティデータを共有する前に、相手がどのようにデータを保護しているのか、どこに保存しているのか、誰がアクセスできるのかを確認しましょう。契約にはセキュリティ要件と情報漏えい時の通知義務を盛り込み、定期的なやり取りにはメールの添付ファイルではなく、安全なポータルを使うことをおすすめします。",
        },
        {
          type: "quote",
          text: "税務データのセキュリティは、一つの製品を導入すれば実現できるものではありません。安全なやり方が最も簡単なやり方にもなる、そうした習慣の積み重ねです。",
        },
        { type: "h2", id: "prepare-for-the-day-something-goes-wrong", text: "万一の事態に備える" },
        {
          type: "p",
          text: "十分な対策を講じている組織でも、インシデントは起こり得ます。差が出るのは、対応の速さです。経理・税務データに関するインシデント対応計画では、誰が意思決定を行うのか、誰が税務当局や監督官庁、取引先に連絡するのか、主要なシステムが使えない場合にどのように申告を続けるのかを定めておきます。税務部門の管理職のメールアカウントが乗っ取られた場合や、ライセンサーの振込先口座が不正に変更された場合など、現実的なシナリオを使って、少なくとも年に一度は訓練を行いましょう。",
        },
        { type: "h2", id: "where-to-begin", text: "まず何から始めるか" },
        {
          type: "p",
          text: "対策の多さに圧倒されるようであれば、まずは簡単な評価から始めてください。最も機密性の高い税務・ロイヤルティデータの流れを洗い出し、現時点で誰がアクセスできるかを確認して、最も明らかな穴からふさいでいきます。多くの場合、それは過剰なアクセス権、多要素認証の未導入、管理されていないメールでのやり取りです。これらは大きな費用をかけずに実施でき、すぐにリスクを下げられます。当社のセキュリティ専門家は、税務プロセスの知識と技術的な専門性を兼ね備えており、申告スケジュールの妨げにならない形でデータを守る対策をご提案します。",
        },
      ],
    },
  ],
  zh: [
    {
      ...meta("1"),
      seo: {
        title: "AI如何改变成长型企业的税务合规",
        description:
          "AI已在哪些环节切实帮助成长型企业做好税务合规？哪些判断仍需由人来把关？如何以规范的数据和清晰的管控为基础稳步推进？本文为您一一梳理。",
      },
      title: "AI如何改变成长型企业的税务合规",
      excerpt:
        "企业扩张的速度，往往快于财务团队扩编的速度，税务义务也随之成倍增加。本文梳理AI目前真正能发挥作用的环节、它的局限，以及如何在不失控的前提下引入AI。",
      category: "税务科技",
      author: "丹尼尔·韦伯",
      authorRole: "税务科技负责人",
      authorBio:
        "丹尼尔负责{siteName}的税务科技业务，为企业税务团队设计自动化与AI工作流程。加入公司前，他曾在一家国际会计师事务所从事间接税工作长达十年。",
      imageAlt: "抽象插画：相互连接的节点网络将信息汇入一叠带有对勾标记的税务文件",
      tags: ["人工智能", "税务合规", "流程自动化", "成长型企业"],
      body: [
        {
          type: "p",
          text: "对成长型企业来说，税务合规的难度很少是一夜之间陡增的，而是在不知不觉中逐步累积。第一位海外客户、一条新的销售渠道、第二家法律实体、在新的地区发放工资，每一次变化都会带来新的申报事项、规则和截止日期，而财务团队的人手往往并没有相应增加。管理一家公司时还能应付的电子表格，到了五家公司时就难以为继。",
        },
        {
          type: "p",
          text: "人工智能不会让纳税义务消失，但它正在改变履行这些义务所需投入的精力。过去两年，我们看到各种规模的客户从谨慎试水，走向在日常流程中实际使用AI工具。以下是我们在这一过程中的观察与体会。",
        },
        { type: "h2", id: "where-ai-already-makes-a-difference", text: "AI已经在哪些环节发挥作用" },
        {
          type: "p",
          text: "AI在税务领域最有价值的应用，往往并不是最引人注目的那些，而是数量大、重复性强的工作：人工处理既慢又容易出错，机器给出的结果却很容易核对。",
        },
        {
          type: "ul",
          items: [
            "交易税目判定：模型根据历史数据，为每一笔采购和销售明细推荐合适的税码；遇到拿不准的情况会主动标记，而不是悄悄猜测。",
            "单据信息提取：自动识别发票、收据和报关单据，并将关键字段与采购订单和付款记录进行匹配。",
            "异常检测：在申报之前就发现异常税率、重复发票或申报数据的突然波动，而不是等到税务稽查时才暴露问题。",
            "研究支持：AI助手可以梳理法规要点、比较不同国家和地区的规定，并指出相关依据，让顾问把时间用在专业判断上，而不是用在检索资料上。",
            "预测分析：税款现金流和税务准备金可以持续测算，而不必每季度才估算一次。",
          ],
        },
        {
          type: "p",
          text: "每一项单独来看都能节省数小时的工作量；组合起来，更能改变合规工作的节奏：从每月集中突击，转变为以自动化为主、由人工复核例外情况的持续性流程。",
        },
        { type: "h2", id: "what-ai-does-not-replace", text: "AI无法取代什么" },
        {
          type: "p",
          text: "税务始终是一个需要专业解读、也需要有人承担责任的领域。模型可以告诉你，某笔交易与过去按零税率处理的交易相似，却无法为你申报时采用的税务处理承担责任。法规会变化，事实往往并不完整，而税务机关一定会追问：这个决定是谁做的，依据是什么？",
        },
        {
          type: "quote",
          text: "AI非常擅长为决策做准备，但决策本身以及相应的责任，应当由真正了解业务的人来承担。",
        },
        {
          type: "p",
          text: "因此，我们设计的每一个AI工作流程都保留了人工审核环节。置信度高、风险低的建议可以批量确认；不确定或金额重大的事项，则连同证据一并转交审核人员。每一条建议、每一次批准和修改都有记录，审计线索因此比纯人工流程更加完整，而不是更加薄弱。",
        },
        { type: "h2", id: "how-to-get-started-without-losing-control", text: "如何在可控的前提下起步" },
        {
          type: "p",
          text: "成长型企业无需启动大规模的转型项目，也能从AI中获益。根据我们的经验，几个务实的步骤，往往决定了AI最终是成为得力工具，还是沦为一场昂贵的试验。",
        },
        {
          type: "ul",
          items: [
            "从数据入手：统一的供应商主数据、清晰的会计科目表和明确的税码体系，比选择哪种模型重要得多。",
            "先选一个痛点流程：例如采购发票的税目判定。在实施自动化之前，先衡量当前的差错率和耗时。",
            "设定阈值：明确哪些金额、哪些国家和地区、哪些风险等级必须经过人工审核。",
            "保护敏感数据：确认AI服务商在何处处理和存储您的数据，以及这些数据是否会被用于训练共享模型。",
            "定期复盘：与税务顾问定期检查结果，并随着业务和法规的变化调整规则。",
          ],
        },
        {
          type: "p",
          text: "第一个流程稳定运行后，数据、管控和复核机制这些基础，就可以延伸到纳税申报、对账以及其他国家和地区的报告工作中。",
        },
        { type: "h2", id: "the-bottom-line", text: "结语" },
        {
          type: "p",
          text: "正如上一代人见证了会计软件的普及，AI正在成为税务合规的标准工具。审慎引入AI的企业，能够更快、更准确地完成申报，并留存更完善的记录；财务团队也能把更多时间投入到规划工作中，而不是埋头录入数据。技术已经成熟，真正的功夫在于规范的数据、清晰的职责分工和合理的内部控制。如果您希望探讨AI能在贵公司的合规流程中发挥哪些作用，欢迎与我们的税务和技术团队联系。",
        },
      ],
    },
    {
      ...meta("2"),
      seo: {
        title: "电子发票强制推行：财务团队应做好哪些准备",
        description:
          "电子发票强制要求正在全球铺开。本文从各国时间表、主数据质量、系统和业务流程等方面，为财务团队梳理现在就应着手的准备工作。",
      },
      title: "电子发票强制推行在即：财务团队现在应做好哪些准备",
      excerpt:
        "在越来越多的国家，电子发票正从自愿选择变为法定义务。这份实用清单帮助财务团队在截止日期之前做好准备，而不是事后补救。",
      category: "合规",
      author: "田中由纪",
      authorRole: "高级间接税顾问",
      authorBio:
        "田中由纪在{siteName}为跨国企业集团提供欧洲和亚洲地区的增值税、消费税及电子发票项目咨询。此前，她曾任职于日本一家大型综合商社的间接税团队。",
      imageAlt: "抽象插画：电子发票沿着连接两个系统的通道有序传输",
      tags: ["电子发票", "增值税", "税务合规", "财务管理"],
      body: [
        {
          type: "p",
          text: "几十年来，发票不过是卖方寄给买方的一份单据。如今，它越来越多地成为税务机关希望掌握的数据记录，有时甚至先于客户送达税务机关。电子发票的强制要求正在迅速推广。对于开展跨境业务的企业而言，问题已不再是会不会受到影响，而是何时受到影响、涉及多少个国家。",
        },
        { type: "h2", id: "why-governments-are-moving-to-e-invoicing", text: "各国为何纷纷推行电子发票" },
        {
          type: "p",
          text: "最主要的原因是增值税缺口，即应征税款与实际征收税款之间的差额。结构化的电子发票与实时或准实时申报相结合，能让税务机关更准确地掌握交易情况，大大提高欺诈的难度。对企业而言，电子发票也意味着更快的处理速度、更少的争议，以及未来有望实现的申报表预填。",
        },
        { type: "h2", id: "a-fast-moving-landscape", text: "瞬息万变的全球格局" },
        {
          type: "p",
          text: "各国的具体要求不尽相同，这正是准备工作的难点所在。以下几个例子足以说明差异之大：",
        },
        {
          type: "ul",
          items: [
            "德国自2025年1月起要求企业具备接收结构化电子发票的能力，开具义务将在此后几年内分阶段实施。",
            "比利时计划自2026年1月起强制推行B2B结构化电子发票，法国和波兰也已确定自2026年起实施各自的强制要求。",
            "在欧盟层面，“数字时代增值税”（ViDA）一揽子方案将对跨境交易引入数字化报告要求，目前预计自2030年起适用。",
            "日本自2023年10月起实施合格请求书制度（即日本的发票制度），基于Peppol标准的数字发票（JP PINT）也在稳步普及。",
            "中国正在全国范围推广全面数字化的电子发票（数电票），逐步取代传统的纸质发票。",
          ],
        },
        {
          type: "p",
          text: "各国在数据格式、传输渠道、归档要求和处罚规定上各有差异。有的国家采用政府统一平台，有的依托经认证的服务商网络，许多国家则支持Peppol。实施日期也可能调整，不少强制要求已至少推迟过一次，因此计划中必须留有调整余地。",
        },
        { type: "h2", id: "what-finance-teams-should-prepare", text: "财务团队应做好哪些准备" },
        {
          type: "p",
          text: "无论贵公司所涉国家的具体时间表如何，准备工作的思路大体相同。我们建议至少在第一项适用的强制要求生效前十二个月启动。",
        },
        {
          type: "ul",
          items: [
            "梳理影响范围：列出受现行及已公布强制要求影响的法律实体、国家和发票流转类型（开具、接收、B2B、B2G）。",
            "清理主数据：税号、地址和商品编码必须准确无误，数据有误的电子发票可能被直接退回。",
            "评估现有系统：确认ERP能否生成所需格式，或是否需要借助电子发票服务商或接入点。",
            "重新设计审批和异常处理流程：被退回的发票、红字发票和更正事项都需要明确的负责人和处理时限。",
            "规划归档方案：电子发票通常须以原始格式保存，并在多年内确保其完整性和可读性。",
            "尽早与客户和供应商沟通：只有双方都准备就绪，转换才能顺利完成。",
          ],
        },
        { type: "h2", id: "turning-a-compliance-project-into-an-improvement", text: "让合规项目成为改进契机" },
        {
          type: "p",
          text: "如果仅仅把电子发票视为法定义务，它只是一项成本；如果把它当作流程再造的机会，它就能带来实实在在的价值。结构化数据免去了手工录入，加快了与采购订单和付款的匹配，也让增值税对账更容易实现自动化。借强制推行的契机梳理订单到收款、采购到付款流程的企业，往往能通过降低处理成本、减少逾期付款纠纷收回投入。",
        },
        {
          type: "quote",
          text: "在电子发票转型中应对得最好的企业，并不是软件买得最贵的企业，而是在截止日期到来之前就摸清了自身发票流转的企业。",
        },
        {
          type: "p",
          text: "统一的整体方案同样值得考虑。越来越多的企业集团不再等到各国截止日期临近时逐一应对，而是选择一个能够支持多种格式的平台或集成层。这样既能减少供应商数量、保持数据一致，也能让下一项强制要求的落地变成一次配置调整，而不是一个全新的项目。",
        },
        { type: "h2", id: "start-now-stay-flexible", text: "即刻行动，保持灵活" },
        {
          type: "p",
          text: "未来数年，电子发票相关制度仍将不断演进。最好的准备是：清楚掌握自身的发票流转，维护可靠的主数据，并构建能够随需求变化而灵活调整的系统架构。我们的顾问和开发团队可协助财务团队评估准备情况、甄选服务商，并将电子发票功能集成到现有系统中，让每一项新的强制要求都成为常规工作，而不是一场危机。",
        },
      ],
    },
    {
      ...meta("3"),
      seo: {
        title: "守护税务与特许权使用费数据：实用安全指南",
        description:
          "税务和特许权使用费数据是企业最敏感的信息之一。本文介绍访问控制、加密、合作方管理和安全监控等切实可行的数据安全措施。",
      },
      title: "守护税务与特许权使用费数据：实用安全指南",
      excerpt:
        "纳税申报表、转让定价文档和特许权使用费结算单，几乎比任何其他数据都更能揭示一家企业的底细。本文介绍如何在不拖慢财务团队工作的前提下保护这些数据。",
      category: "数据安全",
      author: "陈琳",
      authorRole: "安全服务负责人",
      authorBio:
        "陈琳负责{siteName}的安全服务团队，帮助财务和许可管理部门保护敏感数据、满足监管要求。她持有CISSP和CISA认证，此前曾在金融行业主导安全审计工作。",
      imageAlt: "抽象插画：带挂锁的盾牌守护着一排排加密数据",
      tags: ["数据安全", "特许权使用费", "访问控制", "风险管理"],
      body: [
        {
          type: "p",
          text: "问一家企业最严密保护的是哪些数据，答案通常是客户信息或知识产权，税务和特许权使用费数据却很少排在前列。然而，这些数据几乎能揭示一切：利润率、定价策略、关联交易架构、许可条款，以及合作伙伴和权利人的身份。一旦落入不法之徒手中，无论对竞争对手、诈骗分子还是勒索团伙，都具有相当高的价值。",
        },
        { type: "h2", id: "why-this-data-is-especially-exposed", text: "为什么这类数据尤其容易暴露" },
        {
          type: "p",
          text: "与大多数敏感数据相比，税务和特许权使用费信息的流转范围更广。它们在ERP系统、电子表格、税务引擎、外部顾问、审计师、被许可方和税务机关门户之间传递，每一次交接都会产生一份副本，而每一份副本都可能成为泄露源头。特许权使用费的计算又增加了一层风险：它通常需要把被许可方的销售数据、合同条款和收款银行账户信息汇集在一起，而这恰恰是攻击者刻意寻找的组合。",
        },
        {
          type: "p",
          text: "与此同时，财务团队始终面临截止日期的压力。申报明天就要到期时，用电子邮件发送一份设了密码的电子表格，似乎是情有可原的捷径。因此，安全措施必须切实可行，否则迟早会被绕过。",
        },
        { type: "h2", id: "five-controls-that-matter-most", text: "最关键的五项控制措施" },
        {
          type: "ul",
          items: [
            "摸清数据所在：持续更新存放税务或特许权使用费数据的系统、共享文件夹和第三方清单，并及时删除不再需要的副本。",
            "按角色和需要授权：贯彻最小权限原则，每季度复核一次权限，人员调岗或离职时及时收回访问权限。",
            "全面加密：对传输中和静态存储的数据进行加密，包括备份和导出文件，并将加密密钥与数据分开管理。",
            "采用强身份认证：所有财务、税务和许可管理系统都应启用多因素认证，远程访问和管理员账户更是必不可少。",
            "记录与监控：记录谁查看、修改或导出了敏感数据，并对异常行为发出告警，例如长假前夕的大批量下载。",
          ],
        },
        { type: "h2", id: "do-not-forget-your-partners", text: "不要忽视合作方" },
        {
          type: "p",
          text: "许多安全事件根本不是从企业内部开始的，而是源自控制薄弱的服务商、薪酬外包机构或许可合作伙伴。在共享税务或特许权使用费数据之前，应先了解对方如何保护数据、数据存放在哪里、谁有权访问。在合同中明确安全要求和数据泄露通知义务；对于定期的数据交换，优先使用安全门户，而不是电子邮件附件。",
        },
        {
          type: "quote",
          text: "税务数据安全不是靠某一款产品就能实现的，而是一系列习惯的养成：让安全的工作方式同时成为最便捷的方式。",
        },
        { type: "h2", id: "prepare-for-the-day-something-goes-wrong", text: "为万一做好准备" },
        {
          type: "p",
          text: "即使防护完善的组织，也可能遭遇安全事件，区别在于响应速度。针对财务数据的事件响应预案，应明确由谁决策，由谁通知税务机关、监管机构和合作伙伴，以及关键系统不可用时如何继续完成申报。每年至少用贴近实际的场景演练一次，例如某位税务高管的邮箱账户被盗用，或许可方的收款账户信息遭到恶意篡改。",
        },
        { type: "h2", id: "where-to-begin", text: "从哪里着手" },
        {
          type: "p",
          text: "如果觉得要做的事情太多，不妨先从一次简短的评估开始：梳理最敏感的税务和特许权使用费数据的流转路径，核查目前有哪些人可以访问，并优先堵住最明显的漏洞，通常是权限过大、未启用多因素认证，以及缺乏管控的邮件往来。这些措施成本不高，却能立即降低风险。我们的安全专家既熟悉税务流程，又具备扎实的技术功底，所提出的控制措施能够在保护数据的同时，不打乱您的申报日程。",
        },
      ],
    },
  ],
};
