// Built-in answers of the AI tax assistant: five entries per service, each in en, ja and zh.
// The service pages' exemplary questions and the home page's example questions are derived from
// these entries, so the wording can never drift. Answers are general guidance, not advice.
import type { KnowledgeBase } from "./knowledge-base-types";

/** Answers are written flush-left inside template literals; trim the surrounding blank lines. */
const md = (text: string): string => text.trim();

export const KNOWLEDGE_BASE: KnowledgeBase = {
  // ---------------------------------------------------------------------------------------------
  // Tax Consultation
  // ---------------------------------------------------------------------------------------------
  "tax-consultation": [
    {
      en: {
        question: "How should we set transfer prices for transactions between our group companies?",
        answer: md(`
Transactions between related companies (sales of goods, services, financing and licences of intangibles) must generally be priced according to the **arm's length principle**: as independent parties would have priced them in comparable circumstances. Most countries follow the OECD Transfer Pricing Guidelines, although local rules and enforcement practice differ.

### A practical approach

1. **Map your intercompany flows**: which entity sells, provides services, lends money or owns intellectual property.
2. **Perform a functional analysis** of the functions performed, assets used and risks assumed by each party.
3. **Select a method**: comparable uncontrolled price, resale price, cost plus, the transactional net margin method (TNMM) or profit split. TNMM is common for routine distributors and service providers.
4. **Benchmark** the results against comparable independent companies and set a target range.
5. **Put it in writing** with intercompany agreements that reflect how the business actually operates.

### Documentation

Many jurisdictions require a master file and a local file along the lines of OECD BEPS Action 13, with thresholds, deadlines and penalties that vary by country. Review your policy every year and, where possible, adjust prices before year-end rather than afterwards. For significant or recurring transactions, an advance pricing agreement (APA) can provide certainty.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "グループ会社間の取引価格（移転価格）は、どのように設定すべきですか？",
        answer: md(`
グループ会社間の取引（棚卸資産の売買、役務提供、資金の貸付、無形資産のライセンスなど）は、原則として**独立企業原則**に基づき、比較可能な状況において独立した第三者同士が合意するであろう価格で行う必要があります。多くの国がOECD移転価格ガイドラインに準拠していますが、国内法の規定や税務当局の運用は国ごとに異なります。

### 実務上の進め方

1. **グループ内取引の把握**：どの法人が販売、役務提供、資金の貸付を行い、どの法人が知的財産を保有しているかを整理します。
2. **機能・リスク分析**：各法人が果たす機能、使用する資産、負担するリスクを分析します。
3. **算定方法の選定**：独立価格比準法、再販売価格基準法、原価基準法、取引単位営業利益法（TNMM）、利益分割法などから、最も適切な方法を選びます。定型的な機能を担う販売会社や役務提供会社には、TNMMがよく用いられます。
4. **ベンチマーク分析**：比較対象となる独立企業の利益水準と照らし合わせ、目標とするレンジを設定します。
5. **契約書の整備**：実際の取引実態に即したグループ内契約書を締結します。

### 文書化

多くの国では、OECDのBEPS行動計画13に沿ったマスターファイルやローカルファイルの作成が求められますが、作成基準、提出期限、ペナルティは国によって異なります。移転価格ポリシーは毎年見直し、可能な限り期末を迎える前に価格調整を行うことをお勧めします。金額が大きい取引や継続的な取引については、事前確認制度（APA）を活用することで、予見可能性を高めることができます。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "集团内关联公司之间的交易，应如何确定转让定价？",
        answer: md(`
关联企业之间的交易（如货物购销、劳务提供、资金融通、无形资产许可等）通常应遵循**独立交易原则**，即按照非关联方在可比情况下会接受的价格进行定价。多数国家以经济合作与发展组织（OECD）《转让定价指南》为基础，但各国的国内法规定和征管实践不尽相同。

### 实务步骤

1. **梳理关联交易**：明确由哪家实体负责销售、提供服务、提供资金或持有知识产权。
2. **开展功能风险分析**：分析各方执行的功能、使用的资产和承担的风险。
3. **选择定价方法**：可比非受控价格法、再销售价格法、成本加成法、交易净利润法（TNMM）或利润分割法。对于承担常规功能的分销商和服务提供方，交易净利润法较为常用。
4. **开展可比性分析**：将利润水平与可比独立企业进行对比，确定目标区间。
5. **签订书面协议**：签署与实际经营情况相符的关联交易协议。

### 同期资料

许多国家参照OECD BEPS第13项行动计划，要求企业准备主体文档和本地文档，但准备门槛、提交期限和处罚标准因国家而异。建议每年复核转让定价政策，并尽可能在年度结束前完成价格调整，而非事后补救。对于金额重大或经常发生的交易，可考虑申请预约定价安排（APA），以提高税务确定性。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "When do we have to register for VAT or consumption tax in a new country?",
        answer: md(`
Registration rules for VAT, GST and consumption tax differ widely, so the answer depends on where you sell, what you sell and to whom. The key questions are:

- **Do you have an establishment there?** Local companies and branches are usually subject to domestic thresholds.
- **Are you a non-resident supplier?** Many countries require foreign businesses to register from their first taxable supply, with no threshold.
- **B2B or B2C?** For B2B services, the reverse charge often shifts the obligation to the customer, whereas B2C sales of digital services frequently require the foreign supplier to register.

### Well-known examples

- **Japan**: a business generally becomes liable for consumption tax when taxable sales in its base period (normally two years earlier) exceed JPY 10 million. Registering as a qualified invoice issuer is voluntary, but it makes you taxable even below that threshold, and customers generally need qualified invoices to claim input tax credits.
- **United Kingdom**: the registration threshold is GBP 90,000 of taxable turnover, but non-established businesses must register regardless of turnover.
- **European Union**: for EU-established businesses, cross-border sales of goods and digital services to consumers become taxable in the customer's member state once EU-wide sales exceed EUR 10,000, and can be declared through the One-Stop Shop (OSS).
- **China**: businesses with annual taxable sales above RMB 5 million must register as general VAT taxpayers.

Thresholds change, so confirm the current rules before you start trading.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "海外に進出する場合、どの時点でVATや消費税の登録が必要になりますか？",
        answer: md(`
VAT、GST、消費税の登録要件は国によって大きく異なり、どこで、何を、誰に販売するかによって判断が変わります。主なポイントは次のとおりです。

- **現地に拠点があるか**：現地法人や支店は、通常その国の国内事業者と同じ基準に従います。
- **非居住事業者か**：多くの国では、海外事業者に登録基準額を設けず、最初の課税取引から登録を求めています。
- **B2BかB2Cか**：B2Bの役務提供ではリバースチャージ方式により納税義務が顧客側に移ることが多い一方、消費者向けのデジタルサービスでは、海外事業者自身に登録義務が生じるケースが少なくありません。

### 代表的な例

- **日本**：基準期間（原則として前々事業年度）の課税売上高が1,000万円を超えると、消費税の課税事業者となります。インボイス制度における適格請求書発行事業者の登録は任意ですが、登録すると基準額以下でも課税事業者となります。また、取引先が仕入税額控除を受けるには、原則として適格請求書が必要です。
- **英国**：VATの登録基準額は課税売上高9万ポンドですが、英国に拠点を持たない事業者は、売上高にかかわらず登録が必要です。
- **EU**：EU域内に拠点を持つ事業者による消費者向けの越境通信販売やデジタルサービスは、EU全体での売上高が1万ユーロを超えると顧客の所在国で課税され、ワンストップショップ（OSS）で申告できます。
- **中国**：年間の課税売上高が500万人民元を超える事業者は、増値税の一般納税者として登録する必要があります。

基準額は改正されることがあるため、取引を開始する前に最新のルールをご確認ください。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "到新的国家开展业务时，什么情况下需要办理增值税或消费税登记？",
        answer: md(`
各国增值税（VAT）、商品及服务税（GST）和消费税的登记规则差异很大，需要结合销售地点、销售内容和客户类型综合判断。关键问题包括：

- **是否在当地设有机构？** 当地子公司和分支机构通常适用该国的国内登记标准。
- **是否为非居民供应商？** 许多国家要求境外企业自首笔应税交易起即办理登记，不设任何起征门槛。
- **B2B还是B2C？** 对于B2B服务，通常通过反向征收机制由客户承担纳税义务；而面向消费者销售数字服务时，境外供应商往往需要自行登记。

### 常见示例

- **日本**：基准期间（原则上为上上个事业年度）的应税销售额超过1,000万日元的，即成为消费税纳税义务人。在日本的发票制度（适格请求书制度）下登记为适格请求书发行事业者属于自愿行为，但登记后即使销售额低于上述标准也须缴纳消费税；同时，客户原则上需要取得适格请求书才能抵扣进项税额。
- **英国**：增值税登记门槛为应税营业额9万英镑，但在英国未设立机构的企业无论营业额多少均须登记。
- **欧盟**：对于在欧盟境内设立的企业，向消费者进行的跨境远程销售和数字服务，一旦欧盟范围内的销售总额超过1万欧元，即须在客户所在成员国纳税，并可通过一站式申报机制（OSS）申报。
- **中国**：年应税销售额超过500万元人民币的纳税人，应当登记为增值税一般纳税人。

相关标准可能调整，开展业务前请务必确认最新规定。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "Could our sales staff or servers abroad create a permanent establishment?",
        answer: md(`
Yes, both can, which is why a permanent establishment (PE) review should come before you hire people or deploy infrastructure in a new country. A PE gives the host country the right to tax the profits attributable to it, and usually brings corporate tax filings, local accounting and sometimes payroll obligations.

### Sales staff

Under tax treaties based on the OECD Model, a **dependent agent PE** can arise when a person habitually concludes contracts on your behalf, or habitually plays the principal role leading to contracts that are routinely concluded without material modification. The second test was introduced by BEPS Action 7 and applies only where a treaty has been updated, for example through the Multilateral Instrument (MLI). Staff working from a home office over an extended period may also create a **fixed place of business PE**.

### Servers

A website alone is generally not a PE. A server that your company owns or leases and operates at a fixed location can be one, unless the activities carried out through it are merely preparatory or auxiliary. Hosting with a third-party cloud provider usually carries lower risk.

### Reducing the risk

- Limit local contracting authority and document approval processes at head office.
- Track days spent in each country, as some treaties include service PE rules.
- Review the applicable treaty and domestic law, which may be broader.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "海外の営業担当者やサーバーが、恒久的施設（PE）に該当する可能性はありますか？",
        answer: md(`
いずれも該当する可能性があります。そのため、新たな国で人員を採用したりインフラを設置したりする前に、恒久的施設（PE）に関する検討を行うことが重要です。PEと認定されると、その国はPEに帰属する利益に課税する権利を持ち、通常は法人税の申告や現地での会計処理、場合によっては給与に関する源泉徴収などの義務も発生します。

### 営業担当者

OECDモデル租税条約に準拠した条約では、ある者が企業に代わって反復して契約を締結する場合や、重要な修正なく日常的に締結される契約について、その締結に至る主要な役割を反復して果たす場合に、**代理人PE**が生じ得ます。後者の基準はBEPS行動計画7で導入されたもので、多数国間条約（MLI）などによって条約が改正されている場合にのみ適用されます。また、従業員が長期間にわたって現地の自宅から業務を行う場合、**固定的施設としてのPE**と認定されるおそれもあります。

### サーバー

ウェブサイトそれ自体は、一般にPEには該当しません。一方、自社が所有または賃借し、一定の場所で運用するサーバーは、そこで行う活動が準備的・補助的なものにとどまらない限り、PEとなる可能性があります。第三者のクラウド事業者によるホスティングは、一般にリスクが低いとされています。

### リスクを抑えるために

- 現地担当者の契約締結権限を制限し、本社での承認プロセスを文書化する。
- 役務提供PEの規定を設けている条約もあるため、国ごとの滞在日数を管理する。
- 適用される租税条約に加え、より広い範囲を対象とし得る現地の国内法も確認する。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "我们在海外的销售人员或服务器，是否可能构成常设机构？",
        answer: md(`
两者都有可能构成常设机构（PE），因此在新的国家招聘人员或部署基础设施之前，应先进行常设机构风险评估。一旦构成常设机构，所在国即有权对归属于该常设机构的利润征税，企业通常还需履行企业所得税申报、当地会计核算等义务，有时还涉及工资薪金的代扣代缴义务。

### 销售人员

根据以OECD范本为基础的税收协定，如果某人经常代表企业签订合同，或者经常在合同订立过程中发挥主要作用、且合同通常未经实质性修改即告订立，则可能构成**非独立代理人常设机构**。后一项标准源自BEPS第7项行动计划，仅在相关协定已经更新（例如通过《BEPS多边公约》（MLI））的情况下适用。此外，员工长期在当地居家办公，也可能构成**固定营业场所常设机构**。

### 服务器

仅有网站通常不构成常设机构。但如果企业拥有或租赁服务器并在固定地点自行运营，除非通过该服务器开展的活动仅属准备性或辅助性质，否则可能构成常设机构。使用第三方云服务商托管，风险通常较低。

### 降低风险的措施

- 限制当地人员的签约权限，并将总部审批流程书面化。
- 部分税收协定设有劳务型常设机构条款，应记录相关人员在各国的停留天数。
- 审阅适用的税收协定及当地国内法，后者的适用范围可能更宽。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "Are our software development activities eligible for R&D tax incentives?",
        answer: md(`
Often they can be, but not all software work qualifies. Most R&D incentive regimes look for work that seeks to resolve a **scientific or technological uncertainty** through a systematic process of investigation or experimentation. Building features with established tools and known techniques is usually routine development rather than R&D.

### Activities that may qualify

- Developing new algorithms, architectures or data-processing techniques where the outcome could not be known in advance.
- Overcoming performance, scalability or security constraints that existing solutions could not address.
- Experimental prototyping and testing of alternative technical approaches.

### Activities that usually do not

- Routine bug fixing, cosmetic changes and standard configuration of off-the-shelf software.
- Market research, user acceptance testing and maintenance after the technical uncertainty has been resolved.

### Making a claim

Regimes differ considerably: the US research credit, the UK's R&D relief, Japan's R&D tax credit and China's additional deduction for R&D expenses each have their own definitions, eligible costs and filing procedures. Eligible costs typically include staff time, contractors and certain software or cloud costs, subject to local limits. The strongest claims rest on **contemporaneous evidence**: project plans, technical documentation, experiment logs and time records that link people to qualifying projects. Reconstructing evidence afterwards is possible, but it is weaker and more likely to be challenged.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "当社のソフトウェア開発は、研究開発税制の対象になりますか？",
        answer: md(`
対象となる場合は少なくありませんが、すべてのソフトウェア開発が該当するわけではありません。多くの国の研究開発税制では、体系的な調査や試行を通じて**科学的・技術的な不確実性**の解消を目指す取り組みであることが求められます。確立されたツールや既知の手法による機能開発は、通常、研究開発ではなく定型的な開発とみなされます。

### 対象となり得る活動

- 結果を事前に予測できない、新たなアルゴリズム、アーキテクチャ、データ処理技術の開発
- 既存の手法では解決できない、性能、スケーラビリティ、セキュリティ上の課題の克服
- 複数の技術的アプローチを比較するための試作や実験

### 通常は対象外となる活動

- 日常的な不具合の修正、画面デザインの変更、市販ソフトウェアの標準的な設定
- 市場調査、ユーザー受入テスト、技術的な不確実性が解消された後の保守

### 適用を受けるにあたって

制度の内容は国によって大きく異なります。日本の研究開発税制（試験研究費の税額控除制度）、米国の研究開発税額控除、英国の研究開発税制優遇、中国の研究開発費の割増控除などがあり、対象となる活動の定義、対象費用、手続はそれぞれ異なります。対象費用には一般に人件費、外注費、一定のソフトウェア・クラウド関連費用などが含まれますが、各国の制限に従います。最も説得力があるのは、プロジェクト計画書、技術文書、実験記録、対象プロジェクトと担当者を結び付ける作業時間記録など、**当時作成された証拠**に裏付けられた申告です。事後的に資料を整えることも可能ですが、証拠力は弱く、否認されるリスクが高まります。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "我们的软件开发活动能否享受研发税收优惠？",
        answer: md(`
很多情况下可以，但并非所有软件开发都符合条件。大多数国家的研发税收优惠制度要求相关活动旨在通过系统性的研究或试验，解决**科学或技术上的不确定性**。使用成熟工具和已知技术开发功能，通常属于常规开发，而非研发活动。

### 可能符合条件的活动

- 在结果无法事先确定的情况下，开发新的算法、架构或数据处理技术。
- 攻克现有方案无法解决的性能、可扩展性或安全性难题。
- 针对不同技术路线开展实验性的原型开发和测试。

### 通常不符合条件的活动

- 日常缺陷修复、界面外观调整以及现成软件的常规配置。
- 市场调研、用户验收测试，以及技术不确定性消除后的日常维护。

### 申报要点

各国制度差异较大，例如中国的研发费用加计扣除、美国的研究活动税收抵免、英国的研发税收减免以及日本的研发税制，在定义、可归集费用和申报程序上各不相同。常见的可归集费用包括人员人工费用、委托研发费用以及部分软件或云服务费用，但须遵守当地的限制性规定。最有说服力的申报依据是**同期形成的证据**，如项目计划、技术文档、实验记录，以及将人员与符合条件的项目对应起来的工时记录。事后补充整理资料虽然可行，但证明力较弱，更容易受到质疑。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "How much withholding tax applies to royalties we pay to a foreign licensor?",
        answer: md(`
It depends on the payer's country, the licensor's country of residence and the tax treaty between them. As the payer, you are usually responsible for withholding the tax and paying it to the tax authority, and you may be liable for any shortfall.

### Domestic rates and treaty relief

Examples of domestic rates on royalties paid to non-residents are **Japan** 20.42% (including the special reconstruction income tax), **the United States** 30% and **China** 10% for non-resident enterprises. Treaties often reduce or eliminate these rates; treaty rates commonly range from 0% to 15%.

### Claiming the treaty rate

1. Confirm that the licensor is the **beneficial owner** of the royalties and a tax resident of the treaty country, typically with a certificate of residence.
2. Complete the required procedures before payment, for example the treaty application form in Japan or Form W-8BEN-E in the United States. In China, non-residents self-assess their eligibility and retain supporting documents for inspection.
3. Check anti-abuse rules such as the principal purpose test (PPT) that many treaties adopted through the MLI.

### Other points

- **Characterisation matters**: payments for software may be royalties or business profits, depending on the rights transferred.
- Some countries also require you to self-assess or withhold VAT on the same payment.
- Agree in the licence who bears the tax, and give the licensor proof of withholding so it can claim a foreign tax credit.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "海外のライセンサーに支払うロイヤルティには、どの程度の源泉徴収税がかかりますか？",
        answer: md(`
支払者の所在国、ライセンサーの居住地国、両国間の租税条約によって異なります。通常は支払者が源泉徴収を行って税務当局に納付する義務を負い、徴収漏れがあれば支払者が納税責任を問われることがあります。

### 国内法の税率と租税条約による軽減

非居住者に支払うロイヤルティに対する国内法上の税率の例としては、**日本**が20.42%（復興特別所得税を含む）、**米国**が30%、**中国**が非居住企業に対して10%です。これらの税率は租税条約によって軽減または免除されることが多く、条約上の税率は0%から15%程度の範囲が一般的です。

### 条約上の税率の適用を受けるには

1. ライセンサーがロイヤルティの**受益者**であり、相手国の居住者であることを、通常は居住者証明書によって確認します。
2. 支払の前に必要な手続を済ませます。日本では「租税条約に関する届出書」、米国ではForm W-8BEN-Eの提出が代表的です。中国では、非居住者が自ら適用要件を判断して申告し、関連資料を保存する方式が採られています。
3. 多数国間条約（MLI）を通じて多くの条約に導入された主要目的テスト（PPT）などの濫用防止規定を確認します。

### その他の留意点

- **所得区分が重要です**：ソフトウェアに関する支払は、移転される権利の内容によって、使用料とされる場合と事業所得とされる場合があります。
- 同じ支払について、VATのリバースチャージによる申告や源泉徴収を求める国もあります。
- 税負担をどちらが負うかをライセンス契約で取り決め、ライセンサーが外国税額控除を受けられるよう、源泉徴収を証明する書類を提供します。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "向境外许可方支付特许权使用费时，需要扣缴多少预提所得税？",
        answer: md(`
这取决于支付方所在国、许可方的居民国以及两国之间的税收协定。作为支付方，企业通常负有代扣代缴义务，如未足额扣缴，可能需要承担相应的法律责任。

### 国内法税率与协定优惠

以向非居民支付的特许权使用费为例，国内法规定的税率包括：**日本**20.42%（含复兴特别所得税）、**美国**30%，以及**中国**对非居民企业适用的10%。税收协定往往会降低或免除上述税率，协定税率常见于0%至15%之间。

### 如何享受协定待遇

1. 确认许可方是特许权使用费的**受益所有人**，且为协定对方国家的税收居民，通常以税收居民身份证明为凭。
2. 在支付前完成所需手续，例如日本的《租税条约相关申报书》或美国的W-8BEN-E表格。在中国，非居民纳税人享受协定待遇采取“自行判断、申报享受、相关资料留存备查”的方式。
3. 关注反滥用规则，例如许多协定通过《BEPS多边公约》（MLI）引入的主要目的测试（PPT）。

### 其他要点

- **所得定性至关重要**：软件相关付款可能被认定为特许权使用费，也可能被认定为营业利润，取决于所转让权利的内容。
- 部分国家还要求就同一笔付款自行申报或代扣代缴增值税。
- 在许可合同中明确税款由哪一方承担，并向许可方提供完税凭证，以便其申请境外税收抵免。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
  ],

  // ---------------------------------------------------------------------------------------------
  // Technology Solutions
  // ---------------------------------------------------------------------------------------------
  "technology-solutions": [
    {
      en: {
        question: "How do we prepare for e-invoicing mandates in the countries where we operate?",
        answer: md(`
E-invoicing mandates are spreading quickly, and they are not uniform. Some countries use a **clearance model**, in which the tax authority or its platform validates each invoice before it becomes legally valid; Italy's SdI and Mexico's CFDI are well-known examples. Others rely on **decentralised exchange** through networks such as Peppol, sometimes combined with reporting to the authority. In the EU, Germany has required businesses to be able to receive e-invoices since 1 January 2025, and Belgium made B2B e-invoicing mandatory from 1 January 2026, with more countries following.

### A preparation roadmap

1. **Inventory** your legal entities, invoice volumes and transaction types (B2B, B2G, B2C) by country.
2. **Track timelines** for each mandate, including phased go-live dates and pilot programmes.
3. **Assess data gaps**: mandates often require structured fields, such as tax IDs, item classifications and payment terms, that your ERP may not capture today.
4. **Choose an architecture**: direct integration, a certified service provider or a Peppol access point, often a mix across countries.
5. **Plan archiving**, since many countries set specific retention and format rules for e-invoices.
6. **Test end to end** with customers, suppliers and the authority's test environment, including rejections and credit notes.

Start early: mandates leave little room for late adopters, and non-compliant invoices may be rejected by customers or fail to support input tax deduction.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "事業を展開する各国の電子インボイス義務化に、どのように備えればよいですか？",
        answer: md(`
電子インボイスの義務化は世界各国で急速に広がっていますが、その仕組みは一様ではありません。税務当局やそのプラットフォームが請求書を検証し、検証を経て初めて法的に有効となる**クリアランス方式**を採る国があり、イタリアのSdIやメキシコのCFDIがその代表例です。一方、Peppolなどのネットワークを通じた**分散型の交換方式**を採り、税務当局への報告と組み合わせる国もあります。EUでは、ドイツが2025年1月1日から電子インボイスの受領対応を事業者に義務付け、ベルギーが2026年1月1日からB2B取引での電子インボイスを義務化するなど、導入が相次いでいます。日本でも、デジタル庁がPeppolに準拠した標準仕様（JP PINT）を整備しています。

### 準備のロードマップ

1. **現状の把握**：国ごとに法人、請求書の件数、取引の種類（B2B、B2G、B2C）を整理します。
2. **スケジュールの管理**：段階的な適用開始日や試行期間を含め、各国の義務化の日程を追跡します。
3. **データの過不足の確認**：税務番号、品目分類、支払条件など、義務化で求められる構造化データには、現在のERPで保持していない項目が含まれることがあります。
4. **アーキテクチャの選定**：直接連携、認定サービスプロバイダーの利用、Peppolアクセスポイントの利用などから選びます。国ごとに組み合わせることも一般的です。
5. **保存要件への対応**：多くの国が、電子インボイスの保存期間や保存形式について独自のルールを定めています。
6. **エンドツーエンドのテスト**：取引先や税務当局のテスト環境を用いて、差戻しや返品・値引き（クレジットノート）のケースも含めて検証します。

早めの着手が欠かせません。義務化への猶予は限られていることが多く、要件を満たさない請求書は取引先に受け付けられなかったり、仕入税額控除が認められなかったりするおそれがあります。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "面对业务所在国家陆续推行的电子发票强制要求，我们应如何做好准备？",
        answer: md(`
电子发票强制要求正在全球迅速推广，但各国模式并不统一。一些国家采用**清关模式**，即发票须经税务机关或其平台校验后方才具有法律效力，意大利的SdI和墨西哥的CFDI是典型代表；中国的全面数字化的电子发票（数电发票）也通过税务机关的电子发票服务平台统一开具和交付。另一些国家则采用基于Peppol等网络的**分散交换模式**，有时结合向税务机关报送数据。在欧盟，德国自2025年1月1日起要求企业具备接收电子发票的能力，比利时自2026年1月1日起对B2B交易实行强制电子发票，其他国家也在陆续跟进。

### 准备路线图

1. **全面盘点**：按国家梳理法律实体、发票数量和交易类型（B2B、B2G、B2C）。
2. **跟踪时间表**：关注各国强制要求的分阶段上线日期和试点安排。
3. **识别数据缺口**：强制要求通常涉及税号、商品编码、付款条件等结构化字段，现有ERP可能尚未采集。
4. **确定技术架构**：直接对接、通过认证服务商或Peppol接入点，不同国家往往需要组合使用。
5. **规划归档**：许多国家对电子发票的保存期限和格式有专门规定。
6. **开展端到端测试**：与客户、供应商及税务机关的测试环境联调，覆盖退票、红字发票等场景。

尽早启动至关重要：强制要求通常不会给迟到者留出太多缓冲时间，不合规的发票可能被客户拒收，或无法用于进项税额抵扣。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "What does integrating a tax engine with our ERP system involve?",
        answer: md(`
A tax engine determines indirect taxes such as VAT, GST and US sales and use tax at the moment a quote, order, invoice or purchase is processed, using continuously updated rates and rules. Integrating one is as much a data project as a technical one.

### Key workstreams

1. **Scope and design**: decide which transactions, entities and countries go through the engine, and which stay on the ERP's native tax logic.
2. **Data mapping**: the engine needs accurate ship-from and ship-to addresses, product tax codes, the tax status of customers and suppliers, and exemption certificates. Mapping your product catalogue to tax codes is often the largest task.
3. **Connector setup**: most leading engines offer standard connectors for major ERPs such as SAP, Oracle, Microsoft Dynamics and NetSuite, but custom fields and workflows usually need extension work.
4. **Resilience**: define what happens if the engine is unavailable (queueing, retries or a controlled fallback) so that invoicing never stops.
5. **Reconciliation and reporting**: the tax calculated by the engine must match what is posted to the general ledger and reported on returns.
6. **Testing**: build a scenario matrix covering countries, product types, exemptions, credit notes and rounding, and have tax specialists sign off the expected results.

### After go-live

Assign clear ownership for maintaining tax codes, exemption certificates and configuration. Monitor error rates and unmapped items, and review the setup whenever you enter a new market or launch a new product line.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "税務エンジンをERPと連携するには、どのような作業が必要ですか？",
        answer: md(`
税務エンジンは、見積、受注、請求、購買などの取引が処理される時点で、常に最新の税率とルールに基づき、VAT、GST、日本の消費税、米国の売上税・使用税といった間接税を判定する仕組みです。ERPとの連携は、システム開発であると同時に、データ整備のプロジェクトでもあります。

### 主な作業

1. **対象範囲と設計**：どの取引・法人・国を税務エンジンで処理し、どれをERP標準の税計算に残すかを決めます。
2. **データのマッピング**：税務エンジンには、出荷元・出荷先の住所、品目の税コード、得意先・仕入先の課税区分、免税証明書などの正確なデータが必要です。品目マスタと税コードの対応付けが最大の作業になることも少なくありません。
3. **コネクタの構築**：主要な税務エンジンの多くは、SAP、Oracle、Microsoft Dynamics、NetSuiteなどの主要ERP向けに標準コネクタを提供していますが、独自の項目やワークフローには通常、拡張開発が必要です。
4. **耐障害性の確保**：税務エンジンを利用できない場合の処理（キューイング、リトライ、統制されたフォールバック）を定め、請求業務が止まらないようにします。
5. **照合とレポーティング**：税務エンジンで計算した税額が、総勘定元帳への計上額や申告額と一致していることを確認します。
6. **テスト**：国、品目の種類、免税、返品・値引き、端数処理などを網羅したシナリオマトリクスを作成し、期待値について税務の専門家の承認を得ます。

### 稼働後の運用

税コード、免税証明書、各種設定の保守について責任者を明確にします。エラー率やマッピング漏れを監視し、新市場への進出や新製品の投入の際には設定を見直します。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "将税务引擎与ERP系统集成，需要做哪些工作？",
        answer: md(`
税务引擎会在报价、订单、开票或采购等交易处理时，依据持续更新的税率和规则，自动确定增值税、商品及服务税、美国销售税和使用税等间接税。与ERP集成既是技术项目，更是数据项目。

### 主要工作内容

1. **范围与设计**：明确哪些交易、实体和国家通过税务引擎处理，哪些继续沿用ERP自带的税务逻辑。
2. **数据映射**：税务引擎需要准确的发货地和收货地地址、商品税收分类编码、客户与供应商的纳税身份以及免税证明。将商品目录与税收编码逐一对应，往往是工作量最大的环节。
3. **连接器配置**：多数主流税务引擎都为SAP、Oracle、Microsoft Dynamics、NetSuite等主流ERP提供标准连接器，但自定义字段和流程通常需要二次开发。
4. **容错设计**：预先确定税务引擎不可用时的处理方式（排队、重试或受控的降级方案），确保开票业务不中断。
5. **对账与报告**：确保引擎计算的税额与总账入账金额及纳税申报金额保持一致。
6. **测试**：建立覆盖各国家、商品类型、免税、红字发票和尾差处理的场景矩阵，并由税务专家确认预期结果。

### 上线之后

明确税收编码、免税证明和系统配置的维护责任人；持续监控错误率和未映射项目；每当进入新市场或推出新产品线时，及时复核相关设置。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "Can we automate the preparation and filing of our VAT returns?",
        answer: md(`
Largely, yes. Most of the effort in a VAT return goes into collecting, checking and reconciling data, and that is where automation pays off. Final review and approval should remain with people who understand the business.

### A typical automated process

1. **Extraction**: transaction-level data is pulled on a schedule from the ERP and other sources such as billing platforms, marketplaces and expense tools.
2. **Validation**: rules flag missing tax IDs, inconsistent tax codes, unusual rates and invoices posted in the wrong period.
3. **Reconciliation**: VAT accounts in the general ledger are reconciled with the transaction data, and differences are explained before filing.
4. **Return mapping**: tax codes are mapped to the boxes of each country's return, and a draft return is generated automatically.
5. **Review and approval**: a reviewer checks analytics such as period-on-period variances, then approves, leaving a full audit trail.
6. **Filing**: where the authority offers an API, returns can be submitted directly. The UK's Making Tax Digital for VAT, for example, requires digital records and compatible software.

### Things to watch

- Several countries also require transaction-level filings, such as SAF-T files or invoice listings, which depend on the same data quality.
- Rules on partial exemption, reverse charge and corrections vary, so country-specific logic must be maintained.
- Document and version-control the calculation logic so that you can explain any figure to an auditor.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "VAT申告書の作成から提出までを自動化することはできますか？",
        answer: md(`
大部分は自動化できます。VAT申告の作業の多くはデータの収集、確認、照合に費やされており、自動化の効果が最も大きいのもこの部分です。ただし、最終的な確認と承認は、事業内容を理解している担当者が行うべきです。

### 自動化された業務の典型的な流れ

1. **データ抽出**：ERPや請求プラットフォーム、マーケットプレイス、経費精算ツールなどから、取引明細データを定期的に取得します。
2. **データ検証**：税務番号の欠落、税コードの不整合、通常と異なる税率、誤った期間への計上などを、ルールに基づいて検出します。
3. **照合**：総勘定元帳のVAT勘定と取引データを照合し、差異の理由を申告前に明らかにします。
4. **申告書へのマッピング**：税コードを各国の申告書の記載欄に対応付け、申告書の案を自動で作成します。
5. **確認・承認**：前期比の増減などの分析結果を確認したうえで承認し、監査証跡を漏れなく残します。
6. **申告**：税務当局がAPIを提供している場合は、申告書を直接提出できます。例えば英国のMaking Tax Digital（MTD）では、VATについて記録の電子化と対応ソフトウェアの使用が義務付けられています。日本でも、大法人には消費税申告のe-Taxによる電子申告が義務付けられています。

### 留意点

- SAF-Tファイルや請求書リストなど、取引単位のデータ提出を求める国もあり、同じ水準のデータ品質が必要です。
- 非課税取引に係る按分、リバースチャージ、修正申告に関するルールは国ごとに異なるため、国別のロジックを継続的に維持管理する必要があります。
- 計算ロジックを文書化してバージョン管理し、どの数値についても監査人に説明できるようにしておきます。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "增值税申报表的编制和申报能否实现自动化？",
        answer: md(`
大部分环节可以实现自动化。增值税申报的主要工作量集中在数据的收集、校验和核对上，这也正是自动化最能发挥价值的地方。但最终的复核与审批仍应由熟悉业务的人员完成。

### 典型的自动化流程

1. **数据抽取**：定期从ERP及计费平台、电商平台、费用报销系统等其他来源提取交易明细数据。
2. **数据校验**：通过规则识别缺失的税号、不一致的税码、异常税率以及跨期入账的发票。
3. **账务核对**：将总账中的增值税科目与交易数据进行核对，并在申报前查明差异原因。
4. **申报表映射**：将税码映射到各国申报表的对应栏次，自动生成申报表草稿。
5. **复核与审批**：复核人员查看环比变动等分析结果后进行审批，并保留完整的审计轨迹。
6. **提交申报**：如果税务机关提供API，可直接提交申报表。例如，英国的“数字化税务”（Making Tax Digital）要求增值税纳税人使用数字化记录和兼容软件进行申报。

### 注意事项

- 一些国家还要求报送SAF-T文件或发票清单等交易级数据，同样依赖高质量的数据。
- 各国在进项税额分摊、反向征收和更正申报方面的规定不同，需要持续维护各国的专属逻辑。
- 对计算逻辑进行文档化和版本管理，确保能够向审计人员解释每一个数字的来龙去脉。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "What data do we need for country-by-country reporting, and how can we automate it?",
        answer: md(`
Country-by-country reporting (CbCR) under OECD BEPS Action 13 generally applies to multinational groups with consolidated revenue of EUR 750 million or more in the preceding fiscal year, although local implementation varies. The report aggregates data by tax jurisdiction.

### Data required for each jurisdiction

- Revenues, split between unrelated and related parties
- Profit or loss before income tax
- Income tax paid (cash basis) and income tax accrued for the current year
- Stated capital and accumulated earnings
- Number of employees
- Tangible assets other than cash and cash equivalents

The report also lists each constituent entity and its main business activities.

### Automating the process

1. **Define a single data model** that maps every legal entity to its tax jurisdiction and to one consistent data source, whether consolidation data or statutory accounts.
2. **Extract the data** from the consolidation system, from HR systems for headcount and from tax provision tools for taxes paid and accrued.
3. **Apply validation rules**, such as year-on-year variance analysis, sign checks and reconciliation to consolidated figures.
4. **Generate the filing** in the OECD CbC XML schema or the required local format.

### Why it matters beyond compliance

CbCR data is also used for the Pillar Two transitional safe harbours and, in the EU, for public country-by-country reporting. Tax authorities use it for risk assessment, so consistency with your transfer pricing documentation is essential.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "国別報告事項（CbCR）にはどのようなデータが必要で、どのように自動化できますか？",
        answer: md(`
OECDのBEPS行動計画13に基づく国別報告事項（CbCR）は、一般に直前の会計年度の連結総収入金額が7億5,000万ユーロ以上の多国籍企業グループが対象となります（日本では1,000億円以上）。ただし、各国での国内法化の内容は異なります。報告では、データを税務管轄ごとに集計します。

### 管轄ごとに必要なデータ

- 収入金額（非関連者・関連者の別）
- 税引前当期利益（損失）
- 納付税額（現金ベース）および当期の発生税額
- 資本金および利益剰余金
- 従業員数
- 現金・現金同等物以外の有形資産

このほか、グループの構成会社等ごとに主たる事業活動を記載します。

### 自動化の進め方

1. **統一データモデルの定義**：すべての法人を税務管轄に紐付け、連結決算データか個別決算データかを含め、一貫したデータソースを定めます。
2. **データの抽出**：連結会計システム、従業員数については人事システム、納付税額と発生税額については税金計算ツールからデータを取得します。
3. **検証ルールの適用**：前年比の増減分析、符号のチェック、連結数値との照合などを行います。
4. **提出データの生成**：OECDのCbC XMLスキーマまたは各国所定の形式で出力します。日本ではe-Taxによる提出が必要です。

### コンプライアンスにとどまらない意義

CbCRのデータは、第2の柱（グローバル・ミニマム課税）の移行期間CbCRセーフハーバーや、EUにおける国別報告の公開制度にも利用されます。税務当局はリスク評価にもこのデータを活用するため、移転価格文書との整合性が欠かせません。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "国别报告需要哪些数据？如何实现自动化？",
        answer: md(`
根据OECD BEPS第13项行动计划，国别报告（CbCR）通常适用于上一会计年度合并收入达到或超过7.5亿欧元的跨国企业集团（中国的标准为超过55亿元人民币），但各国的具体实施规定有所不同。报告按税收管辖区汇总数据。

### 各管辖区所需数据

- 收入，区分非关联方收入与关联方收入
- 税前利润（亏损）
- 已缴所得税（收付实现制）及本年度应计所得税
- 实收资本和累计盈余
- 员工人数
- 除现金及现金等价物以外的有形资产

报告还需列明各成员实体及其主要经营活动。

### 自动化实施步骤

1. **建立统一数据模型**：将每个法律实体对应到其税收管辖区，并统一数据来源（合并报表数据或法定账目数据）。
2. **抽取数据**：从合并报表系统获取财务数据，从人力资源系统获取员工人数，从所得税计提工具获取已缴及应计税款。
3. **执行校验规则**：包括同比变动分析、正负号检查以及与合并数据的核对。
4. **生成申报文件**：按照OECD国别报告XML标准或当地规定的格式输出。

### 合规之外的价值

国别报告数据还用于支柱二（全球最低税）的过渡期国别报告安全港，以及欧盟的公开国别报告。税务机关也会据此开展风险评估，因此与转让定价同期资料保持一致至关重要。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "How do real-time transaction reporting requirements affect our systems?",
        answer: md(`
Real-time or near-real-time reporting requires invoice or transaction data to reach the tax authority shortly after, or even before, a transaction is completed. Examples include Hungary's real-time invoice reporting (RTIR), Spain's Immediate Supply of Information (SII), which generally requires invoice records within four days excluding weekends and national holidays, and Greece's myDATA. Batch processes designed for monthly returns are rarely enough.

### Impact on your systems

- **Integration**: ERP and billing systems must connect to the authority's APIs, directly or through a provider, with secure authentication and certificate management.
- **Timing**: deadlines shrink from weeks to days or seconds, so data must be right at the point of invoicing rather than fixed at month-end.
- **Data quality**: customer, product and tax code master data must be complete, because rejected submissions can block or delay invoicing.
- **Error handling**: design for retries, idempotent resubmission, status tracking and queues for items that need human attention.
- **Monitoring**: dashboards should show what has been submitted, accepted, rejected or is still pending, by entity and country.

### Recommended architecture

Decouple reporting from core transaction processing with an asynchronous, event-driven integration layer. Store every submission, the authority's response and any identifiers it returns, and regularly reconcile reported data with your books. Because authorities can now compare your returns with data they already hold, inconsistencies are more visible than ever.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "リアルタイムでの取引報告義務は、当社のシステムにどのような影響がありますか？",
        answer: md(`
リアルタイム（またはそれに近いタイミング）の報告制度では、取引の完了直後、場合によっては完了前に、請求書や取引のデータを税務当局に送信する必要があります。代表例として、ハンガリーのリアルタイム請求書報告制度（RTIR）、請求書の記録を原則として4日以内（週末・祝日を除く）に提出させるスペインの即時情報提供制度（SII）、ギリシャのmyDATAが挙げられます。月次申告を前提とした定期的なバッチ処理だけでは、対応が難しくなります。

### システムへの影響

- **連携**：ERPや請求システムを、直接またはサービスプロバイダー経由で税務当局のAPIに接続する必要があり、安全な認証と電子証明書の管理が求められます。
- **タイミング**：提出期限が数週間から数日、場合によっては数秒単位に短縮されるため、月末にまとめて修正するのではなく、請求時点でデータが正確であることが求められます。
- **データ品質**：送信データが差し戻されると請求業務が止まったり遅れたりするおそれがあるため、得意先、品目、税コードなどのマスタデータを漏れなく整備しておく必要があります。
- **エラー処理**：リトライ、冪等な再送信、ステータス管理、担当者による確認が必要な案件のキューを、あらかじめ設計に組み込みます。
- **監視**：送信済み、受理、差戻し、処理待ちの状況を、法人別・国別に把握できるダッシュボードを用意します。

### 推奨されるアーキテクチャ

非同期のイベント駆動型連携レイヤーを設け、報告処理を基幹の取引処理から切り離します。送信データ、税務当局からの応答、付与された識別番号をすべて保存し、報告済みデータと帳簿を定期的に照合します。税務当局は受け取ったデータと申告内容を突き合わせられるようになっており、不整合はこれまで以上に表面化しやすくなっています。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "实时交易报告要求会对我们的系统产生哪些影响？",
        answer: md(`
实时或准实时报告要求企业在交易完成后不久、甚至在交易完成之前，就将发票或交易数据报送税务机关。典型例子包括匈牙利的实时发票报告系统（RTIR）、一般要求在4天内（不含周末和法定节假日）报送发票记录的西班牙即时信息提供系统（SII），以及希腊的myDATA。为月度申报设计的批处理流程往往难以满足要求。

### 对系统的影响

- **系统对接**：ERP和开票系统须直接或通过服务商与税务机关的API对接，并做好安全认证和数字证书管理。
- **时效要求**：报送时限从数周缩短到数天甚至数秒，数据必须在开票时即准确无误，而不能等到月末再统一更正。
- **数据质量**：客户、商品和税码等主数据必须完整，因为报送被退回可能导致开票受阻或延迟。
- **异常处理**：在设计中纳入重试、幂等重发、状态跟踪，以及需要人工处理事项的待办队列。
- **运行监控**：通过看板按实体和国家展示已报送、已受理、被退回和待处理的状态。

### 推荐架构

通过异步、事件驱动的集成层，将报告处理与核心交易处理解耦。保存每次报送的数据、税务机关的回执及其返回的标识号，并定期将已报送数据与账簿核对。由于税务机关已能够将企业的申报内容与其掌握的数据进行比对，任何不一致都比以往更容易暴露。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
  ],

  // ---------------------------------------------------------------------------------------------
  // Security Services
  // ---------------------------------------------------------------------------------------------
  "security-services": [
    {
      en: {
        question: "How should we protect the sensitive taxpayer data we hold?",
        answer: md(`
Tax data combines identification numbers, financial results, payroll and bank details. That makes it valuable to criminals and sensitive under privacy laws such as the EU's GDPR, Japan's Act on the Protection of Personal Information (APPI) and China's Personal Information Protection Law (PIPL). Protection should be layered.

### Core controls

1. **Know your data**: classify tax records and map where they are stored, processed and shared, including spreadsheets and email.
2. **Encrypt everywhere**: use strong encryption at rest and TLS in transit, with keys held in a dedicated key management service or HSM and rotated regularly.
3. **Limit access**: apply least privilege, multi-factor authentication and regular access reviews.
4. **Share securely**: replace email attachments with secure client portals or managed file transfer.
5. **Log and monitor**: record who viewed, exported or changed tax data, and alert on unusual activity such as bulk downloads.
6. **Keep only what you need**: retain data for the statutory record-keeping period, which varies by country and document type, then delete it securely.
7. **Back up and test restores**, keeping at least one copy isolated from ransomware.

### People and suppliers

Train staff to recognise phishing, which tends to increase around filing deadlines, and assess the security of every supplier that handles your tax data, including software vendors and outsourced preparers.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "当社が保有する機密性の高い納税者データは、どのように保護すべきですか？",
        answer: md(`
税務データには、マイナンバーや法人番号などの識別番号、財務情報、給与情報、銀行口座情報が含まれます。そのため犯罪者にとって価値が高く、日本の個人情報保護法、EUのGDPR、中国の個人情報保護法（PIPL）などのもとで慎重な取扱いが求められます。特にマイナンバーを含む特定個人情報については、番号法に基づく厳格な安全管理措置が必要です。保護策は多層的に講じることが重要です。

### 基本的な対策

1. **データの把握**：税務関連の記録を分類し、表計算ファイルやメールを含め、どこで保存・処理・共有されているかを把握します。
2. **暗号化の徹底**：保存時には強力な暗号化、通信時にはTLSを使用します。暗号鍵は専用の鍵管理サービスやHSMで管理し、定期的に更新します。
3. **アクセスの制限**：最小権限の原則、多要素認証、定期的なアクセス権の棚卸しを徹底します。
4. **安全な共有**：メールへのファイル添付をやめ、セキュアな顧客ポータルやファイル転送サービスを利用します。
5. **ログの記録と監視**：誰が税務データを閲覧・出力・変更したかを記録し、大量ダウンロードなどの不審な操作を検知してアラートを発します。
6. **必要最小限の保有**：国や書類の種類によって異なる法定保存期間に従ってデータを保存し、期間経過後は確実に消去します。
7. **バックアップと復元テスト**：少なくとも1つのコピーは、ランサムウェアの影響を受けない環境に隔離して保管します。

### 人と委託先

申告期限の前後に増える傾向があるフィッシングを見抜けるよう従業員を教育し、ソフトウェアベンダーや外部の申告代行業者など、税務データを扱うすべての委託先のセキュリティを評価します。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "我们持有的敏感纳税人数据应如何保护？",
        answer: md(`
税务数据涵盖身份证件号码、纳税人识别号、财务数据、薪酬信息和银行账户信息，对不法分子极具价值，同时受到中国《个人信息保护法》《数据安全法》、欧盟《通用数据保护条例》（GDPR）、日本《个人信息保护法》等法规的严格约束。因此，需要采取多层次的防护措施。

### 核心控制措施

1. **摸清数据底数**：对税务记录进行分类，梳理其存储、处理和共享的位置，包括电子表格和电子邮件。
2. **全面加密**：静态数据采用强加密，传输过程使用TLS；密钥通过专用的密钥管理服务或硬件安全模块（HSM）管理，并定期轮换。
3. **限制访问**：落实最小权限原则，启用多因素认证，并定期开展权限审查。
4. **安全共享**：以安全的客户门户或受控文件传输服务取代电子邮件附件。
5. **日志与监控**：记录谁查看、导出或修改了税务数据，并对批量下载等异常行为发出告警。
6. **最小化保存**：按法定保存期限保留数据（期限因国家和资料类型而异），到期后安全删除。
7. **备份并测试恢复**：至少保留一份与生产环境隔离、不受勒索软件影响的副本。

### 人员与供应商

开展员工培训，提高对钓鱼攻击的识别能力（此类攻击往往在申报截止日前后增多），并对所有处理税务数据的供应商（包括软件服务商和外包代理记账机构）进行安全评估。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "Do we need SOC 2 or ISO 27001 for systems that process tax data?",
        answer: md(`
Neither is generally a legal requirement, but enterprise customers and procurement teams frequently ask for one or both, especially when you host or process their financial and tax data. The right choice depends on who your customers are and where they are based. Systems operated in China are also subject to the Multi-Level Protection Scheme (MLPS), which is a legal requirement.

### SOC 2

SOC 2 is an attestation report issued by an independent CPA firm under AICPA standards. It evaluates controls against the Trust Services Criteria: security, availability, processing integrity, confidentiality and privacy. A **Type I** report assesses the design of controls at a point in time, while a **Type II** report also tests whether they operated effectively over a period, commonly six to twelve months. SOC 2 is especially common in North America, and its processing integrity criteria are valuable for tax systems because they address whether calculations are complete and accurate.

### ISO/IEC 27001

ISO/IEC 27001 is the international, certifiable standard for an information security management system (ISMS). The current 2022 edition lists 93 controls in Annex A. Certification by an accredited body runs on a three-year cycle with annual surveillance audits, and it is widely recognised in Europe and Asia.

### Practical advice

Many providers pursue both, since the controls overlap significantly. Start with scoping and a gap assessment, close the gaps, then collect evidence consistently ahead of the audit.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "税務データを処理するシステムには、SOC 2やISO 27001の取得が必要ですか？",
        answer: md(`
いずれも一般に法的な義務ではありませんが、特に顧客の財務・税務データを預かったり処理したりする場合、大企業の顧客や調達部門から取得を求められることが多くなっています。どちらを選ぶべきかは、顧客の属性や所在地によって異なります。なお、中国で運用するシステムについては、これとは別に法令上の義務として中国のサイバーセキュリティ等級保護制度（等保）への対応が必要です。

### SOC 2

SOC 2は、米国公認会計士協会（AICPA）の基準に基づき、独立した監査法人などが発行する保証報告書です。セキュリティ、可用性、処理のインテグリティ、機密保持、プライバシーからなるトラストサービス規準に照らして、内部統制を評価します。**タイプ1**は特定時点における統制のデザインを評価し、**タイプ2**はさらに一定期間（一般に6〜12か月）にわたって統制が有効に運用されていたかを検証します。SOC 2は特に北米で広く普及しています。税務システムにとっては、計算が網羅的かつ正確に行われているかを扱う「処理のインテグリティ」の規準が特に有用です。

### ISO/IEC 27001

ISO/IEC 27001は、情報セキュリティマネジメントシステム（ISMS）に関する国際規格で、第三者認証を取得できます。現行の2022年版では、附属書Aに93の管理策が示されています。認証は認定を受けた審査機関が行い、3年ごとの再認証審査と毎年のサーベイランス審査があります。欧州やアジアで広く認知されており、日本でもISMS認証として多くの企業が取得しています。

### 実務上のアドバイス

両者の管理策は大きく重なるため、両方を取得する事業者も少なくありません。まず対象範囲の決定とギャップ分析を行い、不足点を是正したうえで、審査に向けて継続的に証跡を収集します。証跡の収集を自動化するツールの活用も有効です。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "处理税务数据的系统，需要通过SOC 2或ISO 27001认证吗？",
        answer: md(`
两者通常都不是法律上的强制要求，但大型企业客户和采购部门经常提出相关要求，尤其是在托管或处理客户财务和税务数据的情况下。选择哪一种，取决于客户群体及其所在地区。需要注意的是，在中国境内运营的信息系统还须依法落实网络安全等级保护制度（等保）的要求，这属于法定义务。

### SOC 2

SOC 2是由独立的注册会计师事务所依据美国注册会计师协会（AICPA）标准出具的鉴证报告，按照信任服务标准（安全性、可用性、处理完整性、保密性和隐私）对控制措施进行评价。**Type I**报告评估某一时点控制设计的适当性，**Type II**报告还会检验控制在一段期间内（通常为6至12个月）是否有效运行。SOC 2在北美尤为普遍。对于税务系统而言，处理完整性标准尤具价值，因为它关注计算是否完整、准确。

### ISO/IEC 27001

ISO/IEC 27001是信息安全管理体系（ISMS）的国际标准，可申请第三方认证。现行2022版在附录A中列出了93项控制措施。认证由经认可的认证机构实施，证书有效期为三年，期间每年进行监督审核。该标准在欧洲和亚洲的认可度很高。

### 实务建议

由于两者的控制措施高度重叠，许多服务商会同时取得。建议先界定范围并开展差距评估，完成整改后持续收集证据，为审核做好准备；借助可自动收集证据的工具，往往能事半功倍。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "How should access to our tax systems be controlled?",
        answer: md(`
Tax systems hold sensitive data and can change what is filed with the authorities, so access control must protect both confidentiality and the integrity of your filings.

### Principles

- **Least privilege**: grant only the access each role needs, and remove it as soon as it is no longer needed.
- **Role-based access control (RBAC)**: define roles such as preparer, reviewer, approver and administrator instead of assigning rights to individuals.
- **Segregation of duties**: the person who changes tax codes, rates or master data should not also approve postings or submit returns.
- **Strong authentication**: require multi-factor authentication and connect systems to single sign-on so that leavers lose access everywhere at once.

### Processes that make it work

1. **Joiner-mover-leaver**: link access changes to HR events so that transfers and departures are handled promptly.
2. **Periodic access reviews**: have system owners recertify user access, for example every quarter, and keep a record of the results.
3. **Privileged access management**: keep administrator credentials in a vault, use just-in-time elevation and record privileged sessions.
4. **Tax authority credentials**: store digital certificates and portal logins used for e-filing in controlled storage, assign them to named users and never share them by email.
5. **External advisers**: provide time-limited accounts with restricted scope.

### Evidence

Log sign-ins, permission changes and changes to tax configuration. These logs support investigations and show auditors that controls operate as designed.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "税務システムへのアクセスは、どのように管理すべきですか？",
        answer: md(`
税務システムには機密性の高いデータが保存されているだけでなく、税務当局への申告内容を左右する機能もあります。そのため、アクセス管理では機密性と申告の正確性の両方を守る必要があります。

### 基本原則

- **最小権限**：各役割に必要な権限のみを付与し、不要になった時点で速やかに削除します。
- **ロールベースのアクセス制御（RBAC）**：個人単位ではなく、作成者、確認者、承認者、管理者といった役割単位で権限を定義します。
- **職務分掌**：税コード、税率、マスタデータを変更する担当者が、仕訳の承認や申告書の提出を兼務しないようにします。
- **強固な認証**：多要素認証を必須とし、シングルサインオンと連携させて、退職者のアクセスを一括で停止できるようにします。

### 実効性を高める運用

1. **入社・異動・退職の管理**：人事イベントとアクセス権の変更を連動させ、異動や退職に速やかに対応します。
2. **定期的な棚卸し**：システムの管理責任者が四半期ごとなどにユーザーの権限を再確認し、結果を記録します。
3. **特権ID管理**：管理者の認証情報は専用の保管庫で管理し、必要なときだけ権限を一時的に付与するとともに、特権セッションを記録します。
4. **電子申告用の認証情報**：e-Taxなどで使用する電子証明書やログイン情報は、管理された保管場所で特定の担当者に割り当て、メールでの共有は行いません。
5. **外部アドバイザー**：利用期間と範囲を限定したアカウントを付与します。

### 証跡の確保

ログイン、権限の変更、税務設定の変更を記録します。これらのログは調査に役立つとともに、統制が設計どおりに運用されていることを監査人に示す証拠となります。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "应如何管控对税务系统的访问权限？",
        answer: md(`
税务系统不仅存储敏感数据，还直接影响向税务机关申报的内容，因此访问控制既要保护数据的机密性，也要确保申报数据的准确与完整。

### 基本原则

- **最小权限**：只授予各岗位必需的权限，不再需要时及时收回。
- **基于角色的访问控制（RBAC）**：按照编制人、复核人、审批人、管理员等角色，而非针对个人来定义权限。
- **不相容职责分离**：负责修改税码、税率或主数据的人员，不应同时负责审批记账或提交申报。
- **强身份认证**：强制启用多因素认证，并接入单点登录，确保离职人员的访问权限能够一次性全部关闭。

### 配套流程

1. **入职、调岗、离职管理**：将权限变更与人事事件联动，及时处理调岗和离职。
2. **定期权限审查**：由系统负责人定期（例如每季度）复核用户权限，并记录审查结果。
3. **特权账号管理**：将管理员凭据存放在密码保险库中，采用按需临时提权，并对特权会话进行录制。
4. **电子税务局凭据**：用于网上申报的数字证书、税务UKey和登录凭据应集中受控保管，分配给指定人员，严禁通过电子邮件共享。
5. **外部顾问**：提供限定期限和范围的账号。

### 留存证据

记录登录、权限变更和税务配置变更。这些日志有助于事件调查，也能向审计人员证明控制措施按设计有效运行。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "What should we do if tax data is exposed in a security incident?",
        answer: md(`
Act quickly but methodically. A rehearsed incident response plan is often the difference between a contained event and a prolonged crisis.

### Immediate steps

1. **Contain**: isolate affected systems, disable compromised accounts and revoke exposed credentials, including e-filing certificates and API keys.
2. **Preserve evidence**: secure logs and system images before making changes, to establish the root cause.
3. **Assess scope**: determine which data was affected (tax IDs, income, bank details), whose data it is and where those people or companies are located.
4. **Engage experts**: involve legal counsel early and, where needed, forensic specialists, and inform your cyber insurer.

### Notification obligations

Deadlines vary by law and jurisdiction. Under the GDPR, the supervisory authority must be notified within 72 hours of becoming aware of a breach, where feasible. Under Japan's APPI, reportable breaches require a prompt preliminary report to the Personal Information Protection Commission and a final report, generally within 30 days (60 days for breaches involving wrongful intent, such as unauthorised access). China's PIPL requires immediate remedial measures and notification of the competent authorities and the affected individuals. Clients and, in some cases, tax authorities may also need to be informed.

### Limiting harm

Watch for misuse such as fraudulent returns, refund claims or changes to bank details, and use protective measures that tax authorities offer. Afterwards, review the incident, fix root causes and update the plan. Tabletop exercises before an incident are the best preparation.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "セキュリティインシデントで税務データが漏えいした場合、どう対応すべきですか？",
        answer: md(`
迅速に、かつ手順に沿って対応することが大切です。訓練を重ねたインシデント対応計画の有無が、被害を限定的に抑えられるか、長期的な危機に発展するかの分かれ目になることも少なくありません。

### 初動対応

1. **封じ込め**：影響を受けたシステムを隔離し、侵害されたアカウントを無効化します。電子申告用の電子証明書やAPIキーを含め、漏えいした認証情報は失効させます。
2. **証拠の保全**：原因を特定できるよう、変更を加える前にログやシステムイメージを保全します。
3. **影響範囲の特定**：どのデータ（マイナンバー・法人番号、所得、口座情報など）が、誰のものか、その本人や企業がどの国・地域に所在するかを確認します。
4. **専門家との連携**：早い段階で弁護士に相談し、必要に応じてフォレンジックの専門家を起用します。サイバー保険の保険会社にも連絡します。

### 報告・通知義務

期限は法令や国・地域によって異なります。GDPRでは、侵害を認識してから可能な限り72時間以内に監督機関へ通知しなければなりません。日本の個人情報保護法では、報告対象となる漏えい等が発生した場合、個人情報保護委員会に速やかに速報を行い、原則として30日以内（不正アクセスなど不正の目的によるおそれがある場合は60日以内）に確報を提出する必要があります。マイナンバーを含む場合は、番号法に基づく報告の要否も確認します。中国の個人情報保護法（PIPL）では、直ちに是正措置を講じ、所管当局と本人に通知することが求められます。このほか、顧客や、場合によっては税務当局への連絡も必要です。

### 被害の拡大防止

なりすまし申告、不正な還付請求、振込先口座の変更などの悪用に警戒し、税務当局が設けている保護措置があれば活用します。事後には振り返りを行い、根本原因を是正して計画を更新します。インシデントが起きる前に机上演習を実施しておくことが、最善の備えです。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "如果税务数据在安全事件中泄露，我们应该怎么做？",
        answer: md(`
既要迅速，也要有条不紊。是否有一套经过演练的应急响应预案，往往决定了事件能被控制在有限范围内，还是演变为旷日持久的危机。

### 立即采取的措施

1. **遏制事态**：隔离受影响的系统，停用被入侵的账号，吊销或更换已泄露的凭据，包括网上申报所用的数字证书和API密钥。
2. **保全证据**：在进行任何变更之前，先保全日志和系统镜像，以便查明根本原因。
3. **评估影响范围**：确认涉及哪些数据（纳税人识别号、收入、银行账户等）、数据属于哪些个人或企业，以及他们位于哪些国家或地区。
4. **引入专业支持**：尽早聘请法律顾问，必要时聘请电子数据取证专家，并通知网络安全保险的承保方。

### 报告与通知义务

时限因法律和司法管辖区而异。根据中国《个人信息保护法》，发生或者可能发生个人信息泄露的，应当立即采取补救措施，并通知履行个人信息保护职责的部门和个人。根据欧盟GDPR，应在知悉数据泄露后、在可行的情况下于72小时内通知监管机构。日本《个人信息保护法》则要求向个人信息保护委员会及时提交速报，并原则上在30日内（因非法访问等不正当目的所致的，为60日内）提交确报。此外，还可能需要通知客户，某些情况下还需告知税务机关。

### 控制损害

警惕冒名申报、骗取退税或篡改收款账户等滥用行为，如税务机关提供相应的保护措施，应积极利用。事后开展复盘，整改根本原因并更新预案。事前开展桌面推演，是最好的准备。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "Can we store our tax data in the cloud or outside the country?",
        answer: md(`
In most cases cloud storage is possible, but two separate sets of rules must be checked: tax record-keeping rules, and data protection and transfer rules.

### Tax record-keeping rules

Tax laws specify how long records must be kept, in what form and how quickly they must be produced for an audit. Some countries require invoices or accounting records to be kept domestically, or require notification or approval before storing them abroad. In Japan, the Electronic Books Maintenance Act sets requirements for electronically kept records, such as searchability and measures that ensure authenticity, and since January 2024 has required electronic transaction data to be retained electronically.

### Data protection and transfer rules

- **EU (GDPR)**: transfers of personal data outside the EEA need a legal basis such as an adequacy decision or standard contractual clauses.
- **China**: under the PIPL, the Data Security Law and related rules, cross-border transfers of personal information often require a security assessment, a standard contract or certification, and stricter rules apply to important data.
- **Japan (APPI)**: providing personal data to a third party abroad generally requires the individual's consent or an equivalent protection framework at the recipient.

### Practical design

1. Map which data sits where, including backups and support access.
2. Choose cloud regions deliberately, using customer-managed encryption keys where appropriate.
3. Make sure records can be retrieved promptly, in the required format, for auditors and tax authorities.
4. Reflect these requirements in your contracts with cloud and software providers.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "税務データをクラウドや国外に保存することはできますか？",
        answer: md(`
多くの場合、クラウドでの保存は可能です。ただし、税務上の帳簿書類の保存ルールと、個人情報保護・データ移転に関するルールという、2種類のルールを確認する必要があります。

### 税務上の保存ルール

税法では、帳簿書類の保存期間や保存形式、税務調査の際にどれだけ速やかに提示できるかなどが定められています。国によっては、請求書や会計帳簿の国内保存を求めたり、国外に保存する場合に事前の届出や承認を求めたりしています。日本では、電子帳簿保存法により、電子的に保存する帳簿書類について検索機能の確保や真実性を確保するための措置などの要件が定められており、2024年1月からは電子取引データの電子保存が義務化されています。

### 個人情報保護・データ移転のルール

- **EU（GDPR）**：EEA域外への個人データの移転には、十分性認定や標準契約条項（SCC）などの根拠が必要です。
- **中国**：個人情報保護法（PIPL）、データセキュリティ法などにより、個人情報を国外に移転する場合、多くのケースで安全評価、標準契約、認証のいずれかの手続が必要となります。重要データには、さらに厳しいルールが適用されます。
- **日本（個人情報保護法）**：外国にある第三者に個人データを提供するには、原則として本人の同意、または提供先における基準に適合する体制の整備などが必要です。

### 実務上の設計

1. バックアップやサポート担当者からのアクセスも含め、どのデータがどこにあるかを把握します。
2. クラウドのリージョンを意図的に選択し、必要に応じて顧客管理の暗号鍵を使用します。
3. 監査人や税務当局から求められた際に、所定の形式で速やかにデータを提示できるようにします。
4. これらの要件を、クラウド事業者やソフトウェアベンダーとの契約に反映します。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "税务数据能否存储在云端或境外？",
        answer: md(`
多数情况下可以使用云存储，但需要同时审查两类规则：一是税务上的账簿凭证保存规定，二是数据保护和数据跨境传输规定。

### 税务保存规定

税法通常会规定账簿、凭证的保存期限和保存形式，以及税务检查时须在多长时间内提供。一些国家要求发票或会计账簿在境内保存，或者在境外存储前须报告或取得批准。在中国，会计档案及其复制件出境须按照国家有关规定办理，在境外部署财税系统时尤其需要注意。日本《电子账簿保存法》则对电子保存的账簿凭证规定了可检索性和真实性保障等要求，并自2024年1月起要求电子交易数据必须以电子方式保存。

### 数据保护与跨境传输规定

- **中国**：根据《个人信息保护法》《数据安全法》及相关规定，个人信息出境在多数情况下须通过安全评估、订立标准合同或取得认证等途径，重要数据出境的规则更为严格。
- **欧盟（GDPR）**：向欧洲经济区以外传输个人数据，须具备充分性认定或标准合同条款（SCC）等合法依据。
- **日本（《个人信息保护法》）**：向境外第三方提供个人数据，原则上须取得本人同意，或确保接收方具备符合标准的保护体系。

### 实务设计要点

1. 梳理数据的存放位置，包括备份和技术支持人员的访问路径。
2. 审慎选择云服务区域，必要时使用客户自管密钥。
3. 确保能够按审计人员和税务机关要求的格式及时调取资料。
4. 将上述要求落实到与云服务商和软件供应商的合同中。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
  ],

  // ---------------------------------------------------------------------------------------------
  // Custom Software Development
  // ---------------------------------------------------------------------------------------------
  "custom-software-development": [
    {
      en: {
        question: "What does it take to build our own tax calculation service?",
        answer: md(`
Building your own tax calculation service makes sense when your business model, transaction volumes or niche taxes are poorly served by off-the-shelf engines. It is a significant commitment, because code is the smaller part of the work: keeping tax content current is the larger, ongoing part.

### Core components

- **Rules and rates content** with effective dates, so that each transaction is taxed under the rules in force on the relevant date.
- **Jurisdiction determination** from addresses, place-of-supply rules and customer status.
- **Product taxability and exemptions**, including exemption certificates and special regimes.
- **Rounding and currency handling** at line or invoice level as local rules require, using decimal arithmetic rather than floating point.
- **A versioned, idempotent API** that upstream systems such as checkout, billing and ERP can call reliably.
- **An audit log** that stores the inputs, the rule version applied and the result of every calculation.

### Operating model

Decide who monitors legislative changes, who updates and approves content, and how quickly changes reach production. Tax specialists should own the rules; engineers should own the platform.

### Build, buy or combine

A hybrid approach is common: a custom orchestration layer for your specific logic, combined with a commercial engine or licensed content for standard rates. Whichever route you choose, invest early in automated regression tests built on cases reviewed by tax professionals.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "自社専用の税額計算サービスを構築するには、何が必要ですか？",
        answer: md(`
自社のビジネスモデルや取引量、特殊な税目に市販の税務エンジンが十分に対応できない場合、独自の税額計算サービスの構築は有力な選択肢になります。ただし、負担は小さくありません。コードの開発は作業の一部にすぎず、税務コンテンツを常に最新の状態に保つ作業のほうが大きく、しかも継続的に発生します。

### 主な構成要素

- **税務ルール・税率のコンテンツ**：適用開始日を管理し、各取引が常にその時点で有効なルールで計算されるようにします。
- **課税管轄の判定**：住所、課税地（供給地）のルール、顧客の属性などから判定します。
- **品目ごとの課否判定と免税**：免税証明書や特例制度への対応を含みます。
- **端数処理と通貨の扱い**：現地のルールに応じて明細単位または請求書単位で端数処理を行い、浮動小数点ではなく10進数演算を用います。日本のインボイス制度では、1つの適格請求書につき税率ごとに1回の端数処理が求められます。
- **バージョン管理された冪等なAPI**：決済、請求、ERPなどの上流システムから確実に呼び出せるようにします。
- **監査ログ**：すべての計算について、入力値、適用したルールのバージョン、計算結果を記録します。

### 運用体制

法改正を誰が把握し、誰がコンテンツを更新・承認するのか、そして変更をどれだけ速やかに本番環境に反映するのかを決めておきます。税務ルールは税務の専門家が、プラットフォームはエンジニアが責任を持つ体制が理想です。

### 自社開発か、購入か、組み合わせか

自社固有のロジックを担うオーケストレーション層を独自に開発し、標準的な税率には市販の税務エンジンやライセンス提供のコンテンツを組み合わせる方式が一般的です。いずれを選ぶ場合も、税務の専門家が確認したケースに基づく自動回帰テストに、早い段階から投資することが重要です。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "自建税额计算服务需要具备哪些条件？",
        answer: md(`
当企业的商业模式、交易量或特殊税种难以由现成的税务引擎很好地支持时，自建税额计算服务是值得考虑的选择。但这是一项重大投入：编写代码只是其中较小的部分，持续更新税务规则内容才是工作量更大、且长期存在的部分。

### 核心组成部分

- **税务规则与税率内容**：按生效日期管理，确保每笔交易始终适用相关日期有效的规则。
- **税收管辖判定**：依据地址、供应地规则和客户身份进行判定。
- **商品应税属性与免税处理**：包括免税证明和特殊税收制度。
- **尾差与币种处理**：按当地规定在明细行或整张发票层面进行舍入，并使用十进制运算而非浮点运算。
- **带版本管理、具备幂等性的API**：供结账、计费、ERP等上游系统稳定调用。
- **审计日志**：记录每次计算的输入、所适用的规则版本和计算结果。

### 运营模式

明确由谁跟踪法规变化、由谁更新和审批规则内容，以及变更需要多快上线到生产环境。税务规则应由税务专家负责，平台则由工程师负责。

### 自建、外购还是组合

常见做法是混合模式：自行开发编排层来处理企业特有的逻辑，同时结合商业税务引擎或授权内容来处理标准税率。无论采用哪种方式，都应尽早投入建设基于税务专业人员审核用例的自动化回归测试。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "How would a royalty tracking platform handle our licensing agreements?",
        answer: md(`
A royalty tracking platform turns the terms of each licence into structured data and calculates what is owed automatically, replacing spreadsheets that are hard to audit.

### Contract modelling

Each agreement is captured with its key terms: royalty rates and tiers, the royalty base (net sales, units or usage), territories and channels, minimum guarantees, advances and recoupment, currencies, reporting periods and payment terms. Amendments are versioned, so past periods are always calculated under the terms in force at the time.

### Calculation and reporting

1. **Data ingestion** from ERP, distributors, app stores or usage logs, with validation and mapping to licensed products.
2. **Calculation engine** applying tiers, deductions, caps and currency conversion.
3. **Statements** for licensors or licensees, with drill-down to the underlying transactions.
4. **Accruals and journals** for finance, supporting revenue recognition for sales-based royalties under IFRS 15 and ASC 606.
5. **Payments** integrated with accounts payable or receivable.

### Tax features

- Withholding tax calculated per payee, based on residence and applicable treaty rates.
- Tracking of certificates of residence and treaty forms, with reminders before they expire.
- Withholding certificates and data for tax filings generated automatically.

### Control and audit

Approval workflows, a complete audit trail and role-based access make it much easier to respond when licensors exercise their audit rights or when your auditors review royalty balances.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "ロイヤルティ管理プラットフォームでは、当社のライセンス契約をどのように管理できますか？",
        answer: md(`
ロイヤルティ管理プラットフォームは、各ライセンス契約の条件を構造化されたデータとして登録し、支払額や受取額を自動で計算します。監査が難しい表計算ファイルによる管理から脱却できます。

### 契約のモデル化

契約ごとに、ロイヤルティ料率と段階料率、算定基礎（純売上高、販売数量、利用量など）、許諾地域と販売チャネル、最低保証額、前払金とその回収、通貨、報告期間、支払条件といった主要な条件を登録します。契約の変更は履歴として管理し、過去の期間は常に当時有効だった条件で計算されます。

### 計算とレポーティング

1. **データの取込み**：ERP、販売代理店、アプリストア、利用ログなどからデータを取り込み、検証したうえでライセンス対象製品に紐付けます。
2. **計算エンジン**：段階料率、控除、上限額、通貨換算を適用します。
3. **計算書の作成**：ライセンサーまたはライセンシー向けの計算書を作成し、基礎となる取引明細まで遡って確認できるようにします。
4. **計上と仕訳**：経理部門向けに未払・未収の計上データと仕訳を作成し、IFRS第15号やASC 606、日本の収益認識会計基準における売上高に基づくロイヤルティの収益認識にも対応します。
5. **支払・入金**：買掛金・売掛金の管理と連携します。

### 税務関連の機能

- 受取人の居住地国と適用される租税条約上の税率に基づき、受取人ごとに源泉徴収税額を計算します。
- 居住者証明書や租税条約に関する届出書を管理し、有効期限が近づくと通知します。
- 源泉徴収に関する証明書類や、税務申告に必要なデータを自動で作成します。

### 統制と監査対応

承認ワークフロー、完全な監査証跡、ロールベースのアクセス制御により、ライセンサーによるロイヤルティ監査や、監査人によるロイヤルティ残高の確認にもスムーズに対応できます。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "特许权使用费管理平台如何处理我们的许可协议？",
        answer: md(`
特许权使用费管理平台将每份许可协议的条款转化为结构化数据，并自动计算应付或应收金额，从而取代难以审计的电子表格。

### 合同建模

为每份协议录入关键条款：费率及阶梯费率、计费基础（净销售额、销售数量或使用量）、许可地域和销售渠道、最低保证金额、预付款及其抵扣、币种、报告周期和付款条件。合同修订均做版本管理，确保历史期间始终按照当时有效的条款计算。

### 计算与报告

1. **数据采集**：从ERP、经销商、应用商店或使用日志导入数据，经校验后与许可产品对应。
2. **计算引擎**：应用阶梯费率、扣减项、封顶金额和汇率换算。
3. **结算单**：为许可方或被许可方生成结算单，并可穿透查看底层交易明细。
4. **计提与凭证**：为财务部门生成计提数据和会计分录，支持按照IFRS 15、ASC 606以及与之趋同的《企业会计准则第14号——收入》，对基于销售的特许权使用费进行收入确认。
5. **收付款**：与应付账款或应收账款流程集成。

### 税务功能

- 根据收款方的居民身份和适用的协定税率，逐一计算预提所得税。
- 跟踪税收居民身份证明和享受协定待遇的相关资料，并在到期前提醒。
- 自动生成扣缴税款凭证及纳税申报所需数据。

### 控制与审计

审批流程、完整的审计轨迹和基于角色的访问控制，可帮助企业从容应对许可方行使审计权，以及审计师对特许权使用费余额的审查。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "Can you integrate our systems directly with tax authority APIs?",
        answer: md(`
Yes, where the tax authority offers an API, and a growing number do. Examples include HMRC's Making Tax Digital APIs in the UK, Italy's SdI for e-invoices, Spain's SII web services, India's Invoice Registration Portals for e-invoicing and Japan's e-Tax, whose specifications are published for software developers. Where direct access is not available or practical, integration runs through certified service providers or Peppol access points.

### What a direct integration involves

1. **Onboarding**: registering as a software developer or transmitter, accepting the terms of use and sometimes passing a certification or approval process.
2. **Authentication**: OAuth 2.0, qualified digital certificates or signed XML, depending on the authority. HMRC, for example, also requires fraud prevention headers on API calls.
3. **Sandbox testing**: building against the authority's test environment and published test scenarios.
4. **Schema and version management**: authorities change schemas and validation rules, sometimes at short notice, so mappings must be configurable and specifications monitored.
5. **Resilience**: handling rate limits, timeouts, outages and duplicate submissions with queues, retries and idempotency keys.
6. **Security**: keeping certificates and tokens in a secrets vault and restricting who can submit on the company's behalf.

### Our approach

We design a dedicated integration layer between your ERP and the authorities, so that country-specific connectors can be added or updated without changing core systems, and every submission and response is logged for audit.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "当社のシステムを税務当局のAPIと直接連携させることはできますか？",
        answer: md(`
税務当局がAPIを提供していれば可能で、提供する国は増えています。例えば、英国歳入関税庁（HMRC）のMaking Tax Digital向けAPI、イタリアの電子インボイス交換システムSdI、スペインのSIIのWebサービス、インドの電子インボイス登録ポータル（IRP）、そしてソフトウェア開発者向けに仕様が公開されている日本のe-Taxなどがあります。直接接続ができない場合や現実的でない場合は、認定サービスプロバイダーやPeppolアクセスポイントを経由して連携します。

### 直接連携に必要な作業

1. **利用登録**：ソフトウェア開発者や送信者として登録し、利用規約に同意します。認定や承認の手続が必要になる場合もあります。
2. **認証**：税務当局に応じて、OAuth 2.0、適格電子証明書、XML署名などを用います。例えばHMRCでは、API呼び出しの際に不正防止用のヘッダー情報の送信も求められます。
3. **サンドボックスでのテスト**：税務当局のテスト環境と公開されているテストシナリオを用いて、開発と検証を行います。
4. **スキーマとバージョンの管理**：税務当局はスキーマや検証ルールを短い予告期間で変更することがあるため、マッピングを設定で変更できるようにし、仕様の変更を継続的に確認します。
5. **耐障害性**：レート制限、タイムアウト、システム停止、重複送信に対して、キュー、リトライ、冪等キーで対応します。
6. **セキュリティ**：電子証明書やトークンはシークレット管理の仕組みで保管し、会社を代表して送信できる担当者を限定します。

### 当社のアプローチ

ERPと税務当局の間に専用の連携レイヤーを設計します。これにより、基幹システムを変更することなく国別のコネクタを追加・更新でき、すべての送信内容と応答を監査用に記録できます。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "能否将我们的系统与税务机关的API直接对接？",
        answer: md(`
只要税务机关提供API就可以实现，而且提供API的国家越来越多。例如英国税务海关总署（HMRC）面向“数字化税务”（Making Tax Digital）的API、意大利的电子发票交换系统SdI、西班牙SII的Web服务、印度的电子发票注册门户（IRP），以及面向软件开发者公开技术规范的日本e-Tax。在中国，税务机关的“乐企”平台也为符合条件的企业提供发票业务直连服务。如果无法或不便直接对接，可以通过经认证的服务商或Peppol接入点实现集成。

### 直接对接涉及的工作

1. **注册准入**：注册为软件开发者或报送方，接受使用条款，部分情况下还需通过认证或审核。
2. **身份认证**：根据税务机关的要求，采用OAuth 2.0、合格数字证书或XML签名等方式。例如，HMRC还要求在API调用中附带防欺诈请求头信息。
3. **沙箱测试**：基于税务机关的测试环境及其公布的测试场景进行开发和验证。
4. **接口规范与版本管理**：税务机关可能在较短的通知期内调整数据格式和校验规则，因此映射关系应可配置，并持续跟踪规范变更。
5. **容错能力**：通过队列、重试和幂等键应对限流、超时、系统中断和重复提交等情况。
6. **安全保障**：将数字证书和令牌存放在密钥管理系统中，并严格限定可代表公司提交数据的人员。

### 我们的做法

我们会在ERP与税务机关之间设计专门的集成层，这样无需改动核心系统即可新增或更新各国连接器，并将每次提交和回执完整记录，以备审计。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "How do we migrate from spreadsheets and legacy tax tools without disrupting filings?",
        answer: md(`
The safest migrations are planned around the tax calendar and prove, with data, that the new system produces the same results as the old one before the old one is switched off.

### Recommended approach

1. **Inventory everything**: list every spreadsheet, macro, database and tool used in tax processes, who uses it and which filings depend on it. Spreadsheets often hide undocumented logic and manual adjustments.
2. **Document the logic**: turn formulas and workarounds into written requirements reviewed by the tax team. This is also the moment to drop outdated steps.
3. **Plan around deadlines**: schedule cutovers away from peak filing periods and year-end close, and migrate in phases, for example by tax type or country.
4. **Migrate historical data**: decide how many years to bring across, keeping in mind statutory retention periods and the possibility of audits or amended returns.
5. **Run in parallel**: operate old and new processes side by side for at least one full filing cycle, and investigate every difference until it is explained.
6. **Train and support users**: provide hands-on training and clear support channels before the first live filing.
7. **Decommission carefully**: archive legacy tools and data in a read-only but accessible form, so you can still answer auditors' questions years later.

### Common pitfalls

Most failed migrations come down to underestimating spreadsheet complexity, migrating during a busy season, or switching off legacy systems before the parallel run has been signed off.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "申告業務に支障を出さずに、表計算ファイルや旧来の税務ツールから移行するにはどうすればよいですか？",
        answer: md(`
最も安全な移行とは、税務カレンダーに合わせて計画を立て、旧システムを停止する前に、新システムが同じ結果を出せることをデータで証明する進め方です。

### 推奨される進め方

1. **現状の棚卸し**：税務業務に関わるすべての表計算ファイル、マクロ、データベース、ツールについて、利用者と、それに依存している申告を一覧にします。表計算ファイルには、文書化されていないロジックや手作業による調整が含まれていることがよくあります。
2. **ロジックの文書化**：計算式や場当たり的な処理を要件として文書化し、税務チームのレビューを受けます。不要になった手順を見直す好機でもあります。
3. **申告期限を踏まえた計画**：申告の繁忙期や決算期を避けて切替えを予定し、税目別や国別などの単位で段階的に移行します。
4. **過去データの移行**：法定保存期間や、税務調査、修正申告・更正の請求の可能性を踏まえ、何年分のデータを移行するかを決めます。
5. **並行稼働**：少なくとも1回の申告サイクル全体で旧プロセスと新プロセスを並行して実施し、すべての差異について原因を説明できるまで調査します。
6. **利用者の教育とサポート**：最初の本番申告の前に、実践的なトレーニングと明確なサポート窓口を用意します。
7. **慎重な廃止**：旧ツールとデータは読取専用でアクセス可能な形でアーカイブし、数年後でも監査人からの質問に答えられるようにします。

### よくある失敗

移行の失敗の多くは、表計算ファイルの複雑さの過小評価、繁忙期の移行、並行稼働の結果が承認される前の旧システム停止のいずれかに起因します。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "如何在不影响纳税申报的前提下，从电子表格和旧有税务工具迁移到新系统？",
        answer: md(`
最稳妥的迁移方式是：围绕税务日历制定计划，并在停用旧系统之前，用数据证明新系统能够得出与旧系统相同的结果。

### 推荐做法

1. **全面盘点**：列出税务流程涉及的所有电子表格、宏、数据库和工具，明确使用人及其支撑的申报事项。电子表格中往往隐藏着未成文的逻辑和手工调整。
2. **将逻辑文档化**：把公式和变通处理整理成书面需求，并由税务团队审核。这也是清理过时步骤的好时机。
3. **围绕申报期限排期**：避开申报高峰期（如企业所得税汇算清缴期）和年末结账期进行切换，并按税种或国家等维度分阶段迁移。
4. **迁移历史数据**：结合法定保存期限以及可能面临的税务检查或更正申报，确定需要迁移多少年的数据。
5. **并行运行**：新旧流程至少并行运行一个完整的申报周期，对每一项差异都追查到原因明确为止。
6. **用户培训与支持**：在首次正式申报之前，提供实操培训和清晰的支持渠道。
7. **审慎下线**：以只读且可访问的形式归档旧工具和数据，确保多年后仍能回应审计人员的询问。

### 常见误区

低估电子表格的复杂程度、在业务繁忙期迁移、在并行运行结果获批之前就停用旧系统，是导致迁移失败的主要原因。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
    {
      en: {
        question: "How should we test software that calculates taxes?",
        answer: md(`
Tax logic deserves more rigorous testing than most business software, because an error is repeated across thousands of transactions and may only surface during an audit.

### A layered test strategy

1. **Unit tests for each rule**: rates, thresholds, exemptions and place-of-supply rules, with test cases designed together with tax specialists.
2. **Boundary tests**: amounts just below, at and above thresholds, transactions on the day before and after a rate change, and year-end periods.
3. **Rounding tests**: line-level versus invoice-level rounding, currency conversion and negative amounts such as credit notes.
4. **Golden datasets**: curated real-world scenarios with expected results signed off by the tax team, run automatically as regression tests on every change.
5. **Property-based tests**: invariants that must always hold, such as net amount plus tax equalling the gross amount, or a credit note fully reversing the original invoice.
6. **Reconciliation tests**: comparing results with a reference source such as a commercial tax engine, the previous system or official calculators.

### Good engineering practice

- Use decimal types, never floating point, for monetary amounts.
- Keep rates and rules in effective-dated configuration rather than hard-coded values, so that changes can be tested before they take effect.
- Maintain traceability from each rule to its legal source and to the tests that cover it.
- Run the full suite in continuous integration, and require sign-off from the tax team for any change to expected results.

This is general information, not legal or tax advice for your specific situation.
`),
      },
      ja: {
        question: "税額を計算するソフトウェアは、どのようにテストすべきですか？",
        answer: md(`
税務ロジックには、一般的な業務システム以上に厳密なテストが必要です。誤りがあると数千件の取引にわたって繰り返され、税務調査で初めて発覚することもあるからです。

### 階層的なテスト戦略

1. **ルールごとの単体テスト**：税率、基準額、非課税・免税、課税地の判定ルールなどを、税務の専門家と共同で設計したテストケースで検証します。
2. **境界値テスト**：基準額をわずかに下回る金額・ちょうどの金額・わずかに上回る金額、税率改定日の前日と当日の取引、期末や年度末などを検証します。
3. **端数処理のテスト**：明細単位と請求書単位の端数処理、通貨換算、返品・値引きなどのマイナス金額を検証します。日本では、軽減税率（8%）と標準税率（10%）が混在する請求書の検証も欠かせません。
4. **ゴールデンデータセット**：実際の取引に基づくシナリオと、税務チームが承認した期待値をまとめたデータセットを用意し、変更のたびに回帰テストとして自動実行します。
5. **プロパティベーステスト**：税抜金額と税額の合計が税込金額と一致する、返品伝票によって元の請求が完全に取り消されるなど、常に成り立つべき性質を検証します。
6. **照合テスト**：市販の税務エンジン、旧システム、公的な計算ツールなどの参照結果と比較します。

### エンジニアリング上のベストプラクティス

- 金額の計算には浮動小数点型ではなく、必ず10進数型を使用します。
- 税率やルールはハードコードせず、適用開始日付きの設定として管理し、施行前に変更内容をテストできるようにします。
- 各ルールについて、根拠となる法令と、それを検証するテストとの対応関係を追跡できるようにします。
- すべてのテストを継続的インテグレーション（CI）で実行し、期待値を変更する際には税務チームの承認を必須とします。

本回答は一般的な情報の提供を目的としたものであり、貴社の個別の状況に対する法務・税務上の助言ではありません。
`),
      },
      zh: {
        question: "计算税额的软件应该如何测试？",
        answer: md(`
与大多数业务软件相比，税务逻辑需要更严格的测试，因为一旦出错，错误会在成千上万笔交易中重复出现，而且可能直到税务检查时才被发现。

### 分层测试策略

1. **逐条规则的单元测试**：覆盖税率、起征标准、免税规定和供应地规则等，测试用例应与税务专家共同设计。
2. **边界测试**：针对略低于、恰好等于和略高于门槛值的金额，税率调整日前后的交易，以及年末等特殊期间进行测试。
3. **尾差测试**：覆盖按明细行与按整张发票舍入的差异、汇率换算，以及红字发票等负数金额。
4. **黄金数据集**：整理一套基于真实业务场景、预期结果经税务团队确认的数据集，在每次变更时作为回归测试自动运行。
5. **基于属性的测试**：验证始终应成立的不变量，例如不含税金额加税额等于价税合计，或红字发票能够完全冲销原发票。
6. **比对测试**：将结果与商业税务引擎、原有系统或官方计算工具等参考来源进行比对。

### 良好的工程实践

- 金额计算一律使用十进制类型，切勿使用浮点数。
- 将税率和规则以带生效日期的配置进行管理，而非硬编码，以便在生效前完成测试。
- 建立从每条规则到其法律依据、再到对应测试用例的可追溯关系。
- 在持续集成中运行全部测试，修改预期结果须经税务团队签字确认。

以上内容仅为一般性信息，并不构成针对贵公司具体情况的法律或税务建议。
`),
      },
    },
  ],
};
