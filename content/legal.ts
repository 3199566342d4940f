// Privacy policy, terms of service and cookie policy, written per language.
import type { Localized, TextPage } from "./types";

export const privacy: Localized<TextPage> = {
  en: {
    seo: {
      title: "Privacy Policy",
      description:
        "How we collect, use and protect personal information when you visit our website, contact our consultants or use our AI tax assistant.",
    },
    title: "Privacy Policy",
    subtitle: "How we handle your personal information",
    content: [
      "This Privacy Policy explains how {siteName} (\"we\", \"us\") collects, uses and protects personal information when you visit our website, contact us, create an account or use our AI assistant. It applies to every language version of the site.",
      "We collect only the information we need to provide our services, and we never sell personal information. If you have questions about this policy, or would like to access, correct or delete your information, please contact us through the contact page.",
    ],
    sections: [
      {
        id: "information-we-collect",
        title: "Information we collect",
        content: [
          "Information you provide: when you send an enquiry, create an account or purchase credits, we collect your name, email address, company name and the content of your message. Card payments are processed directly by our payment provider; we do not store full card numbers.",
          "Questions to the AI assistant: we store the questions you ask and the answers given, so that you can see your history, so that credits are accounted for correctly and so that we can improve answer quality. Please do not enter confidential client data or personal details that the assistant does not need to answer your question.",
          "Technical information: our servers record basic technical data such as IP address, browser type, pages requested and time of access, which we need to operate and secure the site. The strictly necessary cookies and local storage we use are described in our Cookie Policy.",
        ],
      },
      {
        id: "how-we-use-your-information",
        title: "How we use your information",
        content: [
          "We use personal information to answer your enquiries, to provide and bill the services you request, to manage your account and credit balance, and to send service messages such as purchase receipts.",
          "We also use it to keep the site secure, to prevent abuse and fraud, to meet our legal and accounting obligations and, in aggregated or anonymised form, to improve our content and services.",
          "We send marketing emails only if you have agreed to receive them, and you can unsubscribe at any time. We share personal information only with service providers that process it on our behalf under contract, such as hosting, payment and email providers, or where the law requires us to do so.",
        ],
      },
      {
        id: "data-security",
        title: "Data security",
        content: [
          "We protect personal information with technical and organisational measures appropriate to its sensitivity, including encrypted connections (HTTPS), encryption of stored data where appropriate, access limited to staff who need it for their work, and regular security reviews.",
          "We keep personal information only for as long as it is needed for the purposes described above or required by law, for example for accounting records, and then delete or anonymise it.",
          "When you delete your account (Account settings), we remove your name, e-mail address, questions and answers, sign-in sessions and password-reset links. Your payments and credit history are kept for our accounting records, detached from your name and e-mail address. Messages sent through the contact form are kept apart from accounts, because anyone can send one from any address; to have yours erased, ask us through the contact page. Under Account settings you can also download all data your account holds.",
          "No system is completely secure. If we become aware of a breach affecting your personal information, we will inform you and the competent authorities as required by applicable law.",
        ],
      },
    ],
  },
  ja: {
    seo: {
      title: "プライバシーポリシー",
      description:
        "当社ウェブサイトの閲覧、コンサルタントへのお問い合わせ、AI税務アシスタントのご利用に際して、個人情報をどのように取得、利用、保護するかをご説明します。",
    },
    title: "プライバシーポリシー",
    subtitle: "お客様の個人情報の取り扱いについて",
    content: [
      "本プライバシーポリシーは、{siteName}（以下「当社」）が、当社ウェブサイトの閲覧、お問い合わせ、アカウントの作成、AIアシスタントのご利用に際して、個人情報をどのように取得、利用、保護するかを定めるものです。本ポリシーは、当サイトのすべての言語版に適用されます。",
      "当社は、サービスの提供に必要な範囲でのみ個人情報を取得し、個人情報を販売することは一切ありません。本ポリシーに関するご質問や、ご自身の個人情報の開示・訂正・削除のご請求は、お問い合わせページからご連絡ください。",
    ],
    sections: [
      {
        id: "information-we-collect",
        title: "取得する情報",
        content: [
          "お客様からご提供いただく情報：お問い合わせ、アカウントの作成、クレジットのご購入の際に、氏名、メールアドレス、会社名、お問い合わせ内容を取得します。クレジットカードによる決済は決済代行会社が直接処理し、当社がカード番号の全桁を保存することはありません。",
          "AIアシスタントへのご質問：ご利用履歴の表示、クレジットの正確な管理、回答品質の向上のため、お客様が入力したご質問とその回答を保存します。顧客の機密情報や、回答に必要のない個人情報は入力しないでください。",
          "技術情報：当社のサーバーは、サイトの運営と安全確保に必要な範囲で、IPアドレス、ブラウザの種類、閲覧したページ、アクセス日時などの基本的な技術情報を記録します。当社が使用する必須のCookieおよびローカルストレージについては、Cookieポリシーをご覧ください。",
        ],
      },
      {
        id: "how-we-use-your-information",
        title: "情報の利用目的",
        content: [
          "当社は、お問い合わせへの回答、ご依頼いただいたサービスの提供と料金のご請求、アカウントおよびクレジット残高の管理、購入完了のお知らせなどサービスに関するご連絡のために個人情報を利用します。",
          "また、サイトの安全確保、不正利用や詐欺の防止、法令および会計上の義務の履行のほか、集計・匿名化した形でコンテンツやサービスの改善にも利用します。",
          "広告・宣伝を目的としたメールは、お客様の同意がある場合に限りお送りし、いつでも配信を停止できます。個人情報を第三者に提供するのは、ホスティング、決済、メール配信など、契約に基づき当社の委託を受けて処理を行う事業者に提供する場合、または法令に基づく場合に限られます。",
        ],
      },
      {
        id: "data-security",
        title: "データの安全管理",
        content: [
          "当社は、情報の機密性に応じた技術的・組織的な安全管理措置を講じています。具体的には、通信の暗号化（HTTPS）、必要に応じた保存データの暗号化、業務上必要な従業員に限定したアクセス権限、定期的なセキュリティ点検などを実施しています。",
          "個人情報は、上記の目的に必要な期間、または会計記録など法令で定められた期間に限って保存し、その後は削除または匿名化します。",
          "アカウントを削除すると（アカウント設定）、お名前、メールアドレス、質問と回答、ログイン情報、パスワード再設定リンクを消去します。お支払いとクレジット履歴は、お名前やメールアドレスとの結び付きを外したうえで、会計記録として保管します。お問い合わせフォームは誰でもどのアドレスからでも送信できるため、そのメッセージはアカウントとは別に保管しています。消去をご希望の場合は、お問い合わせページからご依頼ください。アカウント設定からは、アカウントが保有するすべてのデータをダウンロードすることもできます。",
          "完全に安全なシステムは存在しません。お客様の個人情報に関わる漏えい等の事案を把握した場合は、適用される法令に従い、お客様および関係当局に報告・通知します。",
        ],
      },
    ],
  },
  zh: {
    seo: {
      title: "隐私政策",
      description: "说明您浏览本网站、联系我们的顾问或使用AI税务助手时，我们如何收集、使用和保护您的个人信息。",
    },
    title: "隐私政策",
    subtitle: "我们如何处理您的个人信息",
    content: [
      "本隐私政策说明{siteName}（以下简称“我们”）在您访问本网站、联系我们、注册账户或使用AI助手时，如何收集、使用和保护您的个人信息。本政策适用于本网站的所有语言版本。",
      "我们仅收集提供服务所必需的信息，绝不出售任何个人信息。如您对本政策有任何疑问，或希望查阅、更正、删除您的个人信息，请通过联系页面与我们联系。",
    ],
    sections: [
      {
        id: "information-we-collect",
        title: "我们收集的信息",
        content: [
          "您主动提供的信息：当您提交咨询、注册账户或购买积分时，我们会收集您的姓名、电子邮箱、公司名称以及留言内容。银行卡付款由支付服务商直接处理，我们不会存储完整的卡号。",
          "向AI助手提出的问题：为了向您展示使用记录、准确核算积分并提升回答质量，我们会保存您提出的问题及相应回答。请勿输入客户的机密信息，或回答问题所不需要的个人信息。",
          "技术信息：为保障网站正常运行和安全，我们的服务器会记录IP地址、浏览器类型、访问的页面和访问时间等基本技术信息。我们使用的必要Cookie和本地存储详见Cookie政策。",
        ],
      },
      {
        id: "how-we-use-your-information",
        title: "我们如何使用您的信息",
        content: [
          "我们使用个人信息来回复您的咨询、提供您所需的服务并收取费用、管理您的账户和积分余额，以及发送购买凭证等与服务相关的通知。",
          "我们还会将这些信息用于保障网站安全、防范滥用和欺诈、履行法律和会计义务，并在汇总或匿名化处理后用于改进我们的内容和服务。",
          "只有在您同意的情况下，我们才会向您发送营销邮件，您可随时退订。除受托代表我们处理数据并受合同约束的服务商（如托管、支付和邮件服务商）外，我们不会向任何第三方提供您的个人信息，法律另有要求的除外。",
        ],
      },
      {
        id: "data-security",
        title: "数据安全",
        content: [
          "我们根据信息的敏感程度采取相应的技术和管理措施保护个人信息，包括加密传输（HTTPS）、必要时对存储数据进行加密、仅允许有工作需要的员工访问，以及定期开展安全审查。",
          "我们仅在实现上述目的所必需的期限内，或在法律规定的期限内（例如会计记录的保存期限）保存个人信息，期满后将予以删除或匿名化处理。",
          "注销账户（账户设置）后，我们将删除您的姓名、电子邮件地址、提问与回答、登录会话和重置密码链接。您的付款和积分记录将作为会计记录保留，但不再与您的姓名和电子邮件地址关联。由于任何人都可以使用任意地址提交联系表单，咨询留言与账户分开保存；如需删除您的留言，请通过联系页面告知我们。您还可以在账户设置中下载账户保存的全部数据。",
          "任何系统都无法做到绝对安全。如发现涉及您个人信息的泄露事件，我们将依照适用法律通知您及有关主管部门。",
        ],
      },
    ],
  },
};

export const terms: Localized<TextPage> = {
  en: {
    seo: {
      title: "Terms of Service",
      description:
        "The terms for using our website and AI tax assistant, covering credit packages, payments, refunds, acceptable use and the limits of our liability.",
    },
    title: "Terms of Service",
    subtitle: "The rules for using our website and AI assistant",
    content: [
      "These Terms of Service (\"Terms\") govern your use of the {siteName} website and of the AI assistant offered on it, including the purchase and use of credit packages. The service is provided by {legalName} (\"we\", \"us\"). By creating an account, purchasing credits or using the assistant, you agree to these Terms.",
      "If you use the service on behalf of a company or other organisation, you confirm that you are authorised to accept these Terms on its behalf. Where you have a separate written agreement with us for consulting or software services, that agreement takes precedence for the services it covers.",
    ],
    sections: [
      {
        id: "accounts",
        title: "Accounts",
        content: [
          "You need an account to purchase credits or use the AI assistant. You must provide accurate information and keep your login details confidential. You are responsible for all activity under your account and must tell us without delay if you suspect unauthorised use.",
          "You must be at least 18 years old, or the age of majority where you live, to create an account. We may suspend or close accounts that breach these Terms.",
        ],
      },
      {
        id: "credit-packages-and-pricing",
        title: "Credit packages and pricing",
        content: [
          "The AI assistant is paid for with credits. Each answer generated by the assistant costs one credit, which is deducted when the answer is delivered. A follow-up question to an answer is answered and charged the same way, one credit per answer, and a conversation holds at most five questions.",
          "We currently offer three packages: Basic, 50 credits for $25; Pro, 100 credits for $50; and VIP, 250 credits for $100. Prices are in US dollars and include any applicable tax: the amount shown is the amount you pay. A new account also starts with a few free credits, used like purchased ones; as nothing was paid for them, they are not refunded.",
          "Credits never expire. They have no cash value, cannot be transferred to another account and can be used only for the AI assistant.",
          "An account is for one person and may not be shared. A firm that wants credits shared across a team can contact us for a separate arrangement.",
          "We may change the prices or contents of packages in the future. Such changes do not affect credits you have already purchased.",
        ],
      },
      {
        id: "payment-and-refunds",
        title: "Payment and refunds",
        content: [
          "Payment is due in full at the time of purchase and is processed by our payment provider. Credits are added to your account as soon as the payment is confirmed.",
          "You may have a purchase refunded in full within 14 days of the purchase, as long as your balance still holds all the credits that purchase added. Refunds are requested through the contact form and made by our staff. We do not make partial refunds, except where the law requires otherwise. Once the card payment provider confirms the refund, the purchase's credits are removed from your balance, the purchase and its receipt are marked as refunded, and we tell you by e-mail.",
          "If an answer is not delivered because of a technical error on our side, the credit charged for it is returned to your balance. If an answer that cost a credit does not answer your question, you can return its credit yourself from the answer, within 7 days and up to 10 times in any 30 days. To request a refund or report a problem, please contact us through the contact page. Nothing in these Terms limits rights you have under mandatory consumer protection law.",
        ],
      },
      {
        id: "no-legal-or-tax-advice",
        title: "No legal or tax advice",
        content: [
          "The AI assistant and the articles on this website provide general information only. Answers are generated automatically, may be incomplete, out of date or wrong, and do not take your particular circumstances into account.",
          "Nothing on this website or in the assistant's answers is legal, tax, accounting or financial advice, and using them does not create an adviser-client relationship. Please consult a qualified professional before acting on any information. Individual advice from {siteName} consultants is provided only under a separate written engagement.",
        ],
      },
      {
        id: "acceptable-use",
        title: "Acceptable use",
        content: [
          "You agree to use the website and the AI assistant lawfully and responsibly. In particular, you must not use the service to break the law or to facilitate tax evasion or fraud; attempt to gain unauthorised access to our systems or to other users' accounts; disrupt the service, for example by overloading it or circumventing the credit system; scrape data or answers automatically or resell access to the assistant; or submit content that is unlawful, infringing or harmful.",
          "Please do not enter more personal or confidential information into the assistant than your question requires. If we reasonably believe these rules have been breached, we may suspend access; credits already used are not refunded in that case.",
          "The website, its content, design and software, including the AI assistant, belong to {siteName} or its licensors and are protected by intellectual property law. You may use the answers you receive for your own business or personal purposes, and you remain responsible for how you use them.",
        ],
      },
      {
        id: "limitation-of-liability",
        title: "Limitation of liability",
        content: [
          "The website and the AI assistant are provided \"as is\" and \"as available\". We work to keep them accurate and available, but we do not guarantee that they will be uninterrupted, free of errors or suitable for a particular purpose.",
          "To the extent permitted by law, {siteName} is not liable for indirect or consequential loss, loss of profit, or any tax, interest or penalties assessed as a result of relying on information from the website or the assistant. Our total liability in connection with the service is limited to the amount you paid for credits in the twelve months before the claim arose.",
          "These limitations do not apply to liability that cannot be limited or excluded by law, such as liability for intent or gross negligence.",
        ],
      },
      {
        id: "changes-termination-and-governing-law",
        title: "Changes, termination and governing law",
        content: [
          "We may update these Terms from time to time. The current version is always published on this page, and we will notify account holders by email before material changes take effect. If you continue to use the service after a change takes effect, you accept the updated Terms.",
          "You may close your account at any time under Account settings (your password is required). Unused credits are refunded on closure only where the refund conditions above or mandatory law provide for it.",
          "These Terms are governed by the laws of the jurisdiction where {siteName} is established, and the courts of that jurisdiction have jurisdiction over any dispute, unless mandatory law gives you the right to bring proceedings elsewhere. Questions about these Terms can be sent to us through the contact page.",
        ],
      },
    ],
  },
  ja: {
    seo: {
      title: "利用規約",
      description:
        "当社ウェブサイトおよびAI税務アシスタントのご利用条件です。クレジットパッケージ、お支払いと返金、禁止事項、責任の制限などについて定めています。",
    },
    title: "利用規約",
    subtitle: "当サイトおよびAIアシスタントのご利用条件",
    content: [
      "本利用規約（以下「本規約」）は、{legalName}（以下「当社」）が運営する{siteName}のウェブサイトおよび同サイトで提供するAIアシスタントのご利用条件（クレジットパッケージの購入と利用を含みます）を定めるものです。アカウントの作成、クレジットのご購入、またはAIアシスタントのご利用をもって、本規約に同意いただいたものとみなします。",
      "企業その他の団体を代表してご利用になる場合、お客様は当該団体のために本規約に同意する権限を有していることを表明するものとします。コンサルティングやソフトウェア開発について当社と別途書面で契約を締結している場合、その契約の対象となるサービスについては当該契約が優先します。",
    ],
    sections: [
      {
        id: "accounts",
        title: "アカウント",
        content: [
          "クレジットのご購入およびAIアシスタントのご利用には、アカウントが必要です。正確な情報をご登録のうえ、ログイン情報は適切に管理してください。お客様のアカウントで行われたすべての行為は、お客様の責任となります。不正利用の疑いがある場合は、直ちに当社までご連絡ください。",
          "アカウントを作成できるのは、18歳以上の方、またはお住まいの国・地域の成年年齢に達している方に限ります。本規約に違反したアカウントは、当社の判断により利用停止または削除することがあります。",
        ],
      },
      {
        id: "credit-packages-and-pricing",
        title: "クレジットパッケージと料金",
        content: [
          "AIアシスタントはクレジット制でご利用いただけます。回答1件につき1クレジットを消費し、回答が表示された時点で残高から差し引かれます。回答に対する追加の質問も同様に、回答1件につき1クレジットを消費します。1つの会話でお尋ねいただける質問は5件までです。",
          "現在、次の3つのパッケージをご用意しています。ベーシック：50クレジット（$25）、プロ：100クレジット（$50）、VIP：250クレジット（$100）。価格は米ドル建てで、適用される税を含んだ税込価格です。表示金額がそのままお支払い金額となります。また、新しいアカウントには無料クレジットが付与されます。購入したクレジットと同じように使えますが、お支払いのないクレジットのため返金の対象にはなりません。",
          "クレジットに有効期限はありません。クレジットは換金できず、他のアカウントへ譲渡することもできません。また、AIアシスタント以外の用途にはご利用いただけません。",
          "アカウントはお一人につき一つとし、複数人で共有することはできません。チームでクレジットを共有したい事務所・企業のお客様は、個別のご契約についてお問い合わせください。",
          "当社は今後、パッケージの価格や内容を変更することがあります。ただし、変更はすでにご購入いただいたクレジットには影響しません。",
        ],
      },
      {
        id: "payment-and-refunds",
        title: "お支払いと返金",
        content: [
          "代金は購入時に全額をお支払いいただき、決済代行会社を通じて処理されます。決済が確認され次第、クレジットがアカウントに付与されます。",
          "ご購入から14日以内で、そのご購入で付与されたクレジットがすべて残高に残っている場合は、当該ご購入の代金を全額返金いたします。返金はお問い合わせフォームからご依頼ください。当社の担当者が手続きいたします。法令で別段の定めがある場合を除き、一部のみの返金は承っておりません。カード決済サービスが返金を確認した時点で、当該ご購入のクレジットを残高から差し引き、ご購入と領収書を返金済みとし、メールでお知らせします。",
          "当社側の技術的な不具合により回答が表示されなかった場合、その回答で消費されたクレジットは残高に戻されます。クレジットを消費した回答が質問の答えになっていない場合は、回答から7日以内であれば、30日間に10回まで、その回答からご自身でクレジットを残高に戻すことができます。返金のご請求や不具合のご報告は、お問い合わせページからご連絡ください。本規約は、消費者保護に関する強行法規に基づくお客様の権利を制限するものではありません。",
        ],
      },
      {
        id: "no-legal-or-tax-advice",
        title: "法律・税務上の助言ではないこと",
        content: [
          "AIアシスタントおよび当サイトの記事は、一般的な情報の提供を目的としています。回答は自動的に生成されるため、内容が不完全であったり、古くなっていたり、誤りを含んでいたりする場合があり、お客様の個別の事情も考慮されていません。",
          "当サイトの内容およびAIアシスタントの回答は、法律、税務、会計または財務に関する助言ではなく、これらのご利用によってお客様と当社の間に顧問契約関係が生じることはありません。情報に基づいて判断・行動される前に、必ず資格を有する専門家にご相談ください。{siteName}のコンサルタントによる個別の助言は、別途書面による契約に基づいてのみ提供します。",
        ],
      },
      {
        id: "acceptable-use",
        title: "禁止事項",
        content: [
          "お客様は、当サイトおよびAIアシスタントを、法令を守り良識に従って利用するものとします。特に、法令に違反する行為や脱税・詐欺を助長する行為、当社のシステムや他の利用者のアカウントへの不正アクセスを試みる行為、過度な負荷をかけたりクレジットの仕組みを回避したりしてサービスの運営を妨げる行為、データや回答を自動的に収集する行為、AIアシスタントの利用権を第三者に再販売する行為、違法・権利侵害その他有害な内容を送信する行為を禁止します。",
          "AIアシスタントには、質問に必要な範囲を超えて個人情報や機密情報を入力しないでください。これらの規定への違反があると合理的に判断した場合、当社はご利用を停止することがあります。この場合、使用済みのクレジットは返金されません。",
          "当サイトのコンテンツ、デザイン、ソフトウェア（AIアシスタントを含みます）に関する権利は、{siteName}またはそのライセンサーに帰属し、知的財産権に関する法令によって保護されています。AIアシスタントから得た回答は、お客様ご自身の業務または個人的な目的のために利用でき、その利用についてはお客様が責任を負うものとします。",
        ],
      },
      {
        id: "limitation-of-liability",
        title: "責任の制限",
        content: [
          "当サイトおよびAIアシスタントは、現状有姿で、提供可能な範囲において提供されます。当社は正確性と可用性の維持に努めますが、サービスが中断しないこと、誤りがないこと、特定の目的に適合することを保証するものではありません。",
          "法令で認められる範囲において、当社は、間接損害、派生的損害、逸失利益、および当サイトまたはAIアシスタントの情報に依拠した結果として課された税額、延滞税、加算税等について責任を負いません。本サービスに関する当社の責任の総額は、請求の原因が生じる前の12か月間に、お客様がクレジットのご購入のためにお支払いになった金額を上限とします。",
          "ただし、故意または重過失による場合など、法令上制限または免除することのできない責任については、この限りではありません。",
        ],
      },
      {
        id: "changes-termination-and-governing-law",
        title: "規約の変更、利用の終了および準拠法",
        content: [
          "当社は本規約を随時改定することがあります。最新の規約は常に本ページに掲載し、重要な変更については、効力発生前にアカウント登録者へメールでお知らせします。変更の効力発生後も引き続きご利用になった場合は、改定後の規約に同意いただいたものとみなします。",
          "お客様は、アカウント設定からいつでもアカウントを削除できます（パスワードの入力が必要です）。未使用のクレジットは、上記の返金条件または強行法規に該当する場合に限り、返金の対象となります。",
          "本規約は、{siteName}が設立された法域の法律に準拠します。本規約に関する紛争については、強行法規によりお客様が他の裁判所に訴えを提起する権利を有する場合を除き、当該法域の裁判所を管轄裁判所とします。本規約に関するご質問は、お問い合わせページからお寄せください。",
        ],
      },
    ],
  },
  zh: {
    seo: {
      title: "服务条款",
      description: "使用本网站及AI税务助手的相关条款，涵盖积分套餐、付款与退款、使用规范及责任限制等内容。",
    },
    title: "服务条款",
    subtitle: "使用本网站及AI助手的相关规则",
    content: [
      "本服务条款（以下简称“本条款”）适用于您对{legalName}（以下简称“我们”）运营的{siteName}网站及其所提供AI助手的使用，包括积分套餐的购买和使用。您注册账户、购买积分或使用AI助手，即表示您同意本条款。",
      "如您代表公司或其他组织使用本服务，即表示您确认已获得代表该组织接受本条款的授权。如您已就咨询或软件服务与我们另行签订书面协议，则就该协议所涵盖的服务而言，以该协议为准。",
    ],
    sections: [
      {
        id: "accounts",
        title: "账户",
        content: [
          "购买积分或使用AI助手需要注册账户。您应提供真实、准确的信息，并妥善保管登录凭证。您须对账户下的一切活动负责；如怀疑账户遭到未经授权的使用，请立即通知我们。",
          "您须年满18周岁或达到您所在地的法定成年年龄，方可注册账户。对于违反本条款的账户，我们有权暂停或注销。",
        ],
      },
      {
        id: "credit-packages-and-pricing",
        title: "积分套餐与价格",
        content: [
          "AI助手采用积分计费，每生成一条回答消耗1个积分，积分在回答送达时扣除。针对回答继续追问同样按每条回答1个积分计费，每个对话最多包含5个问题。",
          "目前提供三种套餐：基础版，$25 含 50 积分；专业版，$50 含 100 积分；VIP，$100 含 250 积分。价格以美元计，已包含所有适用税费，页面显示的金额即为实付金额。新账户还会获得少量免费积分，使用方式与购买的积分相同；由于未付费，免费积分不予退款。",
          "积分永不过期。积分不具有现金价值，不得转让给其他账户，且仅可用于AI助手。",
          "每个账户仅限一人使用，不得共用。如公司或事务所希望团队共用积分，可联系我们另行商定方案。",
          "我们日后可能调整套餐的价格或内容，但相关调整不影响您已购买的积分。",
        ],
      },
      {
        id: "payment-and-refunds",
        title: "付款与退款",
        content: [
          "购买时须全额付款，款项由我们的支付服务商处理。付款确认后，积分将立即存入您的账户。",
          "购买后 14 天内，只要该笔购买所得的积分仍全部留在余额中，您即可申请该笔购买的全额退款。退款请通过联系表单申请，由我们的工作人员办理。除法律另有规定外，我们不提供部分退款。银行卡支付服务确认退款后，我们将从您的余额中扣除该笔购买的积分，将该笔购买及其收据标记为已退款，并通过电子邮件通知您。",
          "如因我方技术故障导致回答未能送达，所扣除的积分将退回您的余额。如消耗了积分的回答未能解答您的问题，您可在回答后 7 天内直接在该回答下退还积分，任意 30 天内最多 10 次。如需申请退款或反馈问题，请通过联系页面与我们联系。本条款不限制您依据强制性消费者保护法律所享有的任何权利。",
        ],
      },
      {
        id: "no-legal-or-tax-advice",
        title: "不构成法律或税务意见",
        content: [
          "AI助手及本网站文章仅提供一般性信息。回答由系统自动生成，可能不完整、已经过时或存在错误，且未考虑您的具体情况。",
          "本网站内容及AI助手的回答均不构成法律、税务、会计或财务意见，使用这些内容也不会在您与我们之间建立任何顾问委托关系。在依据任何信息采取行动之前，请咨询具备相应资质的专业人士。{siteName}顾问的个性化专业意见，仅在另行签订书面委托协议后提供。",
        ],
      },
      {
        id: "acceptable-use",
        title: "使用规范",
        content: [
          "您同意以合法、负责任的方式使用本网站及AI助手。特别是，您不得：利用本服务从事违法活动，或为逃税、欺诈提供便利；试图未经授权访问我们的系统或其他用户的账户；以超负荷访问、规避积分机制等方式干扰服务运行；自动抓取数据或回答，或转售AI助手的使用权限；提交违法、侵权或其他有害内容。",
          "请勿向AI助手输入超出提问所需的个人信息或机密信息。如我们有合理理由认为您违反了上述规定，可暂停您的使用权限，已使用的积分不予退还。",
          "本网站及其内容、设计和软件（包括AI助手）的相关权利归{siteName}或其许可方所有，受知识产权法律保护。您可将从AI助手获得的回答用于自身业务或个人目的，并对如何使用这些回答自行负责。",
        ],
      },
      {
        id: "limitation-of-liability",
        title: "责任限制",
        content: [
          "本网站及AI助手按“现状”和“现有”基础提供。我们会尽力保持其准确和可用，但不保证服务不中断、无错误或适合任何特定用途。",
          "在法律允许的范围内，对于间接损失、后果性损失、利润损失，以及因依赖本网站或AI助手提供的信息而产生的补缴税款、滞纳金或罚款，{siteName}概不负责。我们就本服务承担的责任总额，以索赔事由发生前十二个月内您为购买积分所支付的金额为限。",
          "上述限制不适用于依法不得限制或免除的责任，例如因故意或重大过失而产生的责任。",
        ],
      },
      {
        id: "changes-termination-and-governing-law",
        title: "条款变更、终止与适用法律",
        content: [
          "我们可能不时更新本条款。最新版本始终在本页面公布；如有重大变更，我们会在变更生效前通过电子邮件通知账户持有人。变更生效后您继续使用本服务的，即视为接受更新后的条款。",
          "您可随时在账户设置中注销账户（需输入密码）。未使用的积分仅在符合上述退款条件或强制性法律规定时予以退还。",
          "本条款受{siteName}设立地所在司法管辖区的法律管辖。因本条款产生的争议，由该司法管辖区的法院管辖，但强制性法律赋予您在其他地方提起诉讼的权利的除外。如对本条款有任何疑问，请通过联系页面与我们联系。",
        ],
      },
    ],
  },
};

export const cookies: Localized<TextPage> = {
  en: {
    seo: {
      title: "Cookie Policy",
      description:
        "Which cookies and local storage our website uses, why the strictly necessary ones are needed, and how to accept, refuse or change optional cookies.",
    },
    title: "Cookie Policy",
    subtitle: "How we use cookies and similar technologies",
    content: [
      "This Cookie Policy explains which cookies and similar technologies, such as your browser's local storage, the {siteName} website uses, what they are for and how you can control them.",
      "Cookies are small text files that a website stores in your browser. Local storage works in a similar way, but its contents stay in your browser and are not sent to our server automatically. We keep our use of both to a minimum.",
    ],
    sections: [
      {
        id: "strictly-necessary-cookies-and-storage",
        title: "Strictly necessary cookies and storage",
        content: [
          "Some storage is required for the site to work and cannot be switched off. It is used only to provide the features you ask for, never to track you across other websites.",
          "Local storage: when you sign in, a session token is kept in your browser's local storage so that you stay signed in and your credit balance can be shown. Your language choice is saved there as well, so the site remembers it on your next visit.",
          "selectedLanguage cookie: stores the language you have chosen (English, Japanese or Chinese) so that our server can deliver pages in that language straight away.",
          "cookie_consent cookie: records whether you have accepted or declined optional cookies, so that we do not have to ask you again on every page.",
        ],
      },
      {
        id: "analytics-cookies",
        title: "Analytics cookies",
        content: [
          "Analytics cookies help a website understand how visitors use it, for example which pages are read most often, so that content and navigation can be improved. Such information is collected in aggregated form.",
          "Analytics cookies are off by default. The site currently sets no analytics cookies unless you agree to them.",
        ],
      },
      {
        id: "marketing-cookies",
        title: "Marketing cookies",
        content: [
          "Marketing cookies are used to measure the effect of campaigns and to show relevant information about our services on other websites.",
          "Like analytics cookies, they stay off until you give your consent. The site currently sets no marketing cookies unless you agree to them.",
        ],
      },
      {
        id: "changing-your-choice",
        title: "Changing your choice",
        content: [
          "On your first visit, a banner asks whether you accept optional cookies. You can change your decision at any time using the \"Cookie preferences\" link in the footer of every page. If you withdraw your consent, the change applies from that moment on.",
          "You can also delete cookies and local storage in your browser settings, or block cookies altogether. If you block strictly necessary storage, you may be signed out and the site may not remember your language.",
        ],
      },
      {
        id: "changes-to-this-policy-and-contact",
        title: "Changes to this policy and contact",
        content: [
          "We will update this policy if we introduce new cookies or change how we use them, and we will ask for your consent again where required. If you have questions about cookies, please contact us through the contact page. Our Privacy Policy explains how we handle personal information in general.",
        ],
      },
    ],
  },
  ja: {
    seo: {
      title: "Cookieポリシー",
      description:
        "当サイトで使用するCookieとローカルストレージの種類、必須のものが必要な理由、任意のCookieへの同意・拒否と設定の変更方法をご説明します。",
    },
    title: "Cookieポリシー",
    subtitle: "Cookieおよび類似技術の利用について",
    content: [
      "本Cookieポリシーでは、{siteName}のウェブサイトで使用するCookieおよびブラウザのローカルストレージなどの類似技術について、その種類と目的、お客様による管理方法をご説明します。",
      "Cookieとは、ウェブサイトがお客様のブラウザに保存する小さなテキストファイルです。ローカルストレージも同様の仕組みですが、保存された内容はブラウザ内にとどまり、自動的に当社のサーバーへ送信されることはありません。当社は、いずれの利用も必要最小限にとどめています。",
    ],
    sections: [
      {
        id: "strictly-necessary-cookies-and-storage",
        title: "必須のCookieとストレージ",
        content: [
          "一部の保存データは、サイトを正常に動作させるために必要であり、無効にすることはできません。これらはお客様がご利用になる機能を提供するためだけに使用し、他のウェブサイトをまたいでお客様を追跡することはありません。",
          "ローカルストレージ：ログインすると、ログイン状態を維持し、クレジット残高を表示するために、セッショントークンがブラウザのローカルストレージに保存されます。次回の訪問時にも同じ言語で表示できるよう、選択した言語もここに保存されます。",
          "selectedLanguage Cookie：お客様が選択した言語（英語、日本語、中国語）を記録し、当社のサーバーが最初からその言語でページを表示できるようにします。",
          "cookie_consent Cookie：任意のCookieに同意したか拒否したかを記録し、ページを移動するたびに同じ確認が表示されないようにします。",
        ],
      },
      {
        id: "analytics-cookies",
        title: "分析用Cookie",
        content: [
          "分析用Cookieは、よく読まれているページなど、訪問者がサイトをどのように利用しているかを把握し、コンテンツやナビゲーションの改善に役立てるためのものです。情報は集計された形で収集されます。",
          "分析用Cookieは、初期設定で無効になっています。お客様が同意しない限り、当サイトが分析用Cookieを設定することは現在ありません。",
        ],
      },
      {
        id: "marketing-cookies",
        title: "マーケティング用Cookie",
        content: [
          "マーケティング用Cookieは、キャンペーンの効果測定や、他のウェブサイト上で当社サービスに関する情報を表示するために使用されるものです。",
          "分析用Cookieと同様、お客様の同意があるまでは無効です。お客様が同意しない限り、当サイトがマーケティング用Cookieを設定することは現在ありません。",
        ],
      },
      {
        id: "changing-your-choice",
        title: "設定の変更方法",
        content: [
          "初めて当サイトにアクセスされた際には、任意のCookieに同意するかどうかを確認するバナーが表示されます。選択内容は、各ページのフッターにある「Cookie設定」リンクから、いつでも変更できます。同意を撤回した場合は、その時点から反映されます。",
          "ブラウザの設定から、Cookieやローカルストレージを削除したり、Cookieをすべてブロックしたりすることもできます。ただし、必須のストレージをブロックすると、ログイン状態が解除されたり、選択した言語が保持されなくなったりする場合があります。",
        ],
      },
      {
        id: "changes-to-this-policy-and-contact",
        title: "本ポリシーの変更とお問い合わせ",
        content: [
          "新たなCookieを導入する場合や利用方法を変更する場合は本ポリシーを更新し、必要に応じて改めて同意をお願いします。Cookieに関するご質問は、お問い合わせページからお寄せください。個人情報の取り扱い全般については、プライバシーポリシーをご覧ください。",
        ],
      },
    ],
  },
  zh: {
    seo: {
      title: "Cookie政策",
      description: "介绍本网站使用的Cookie和本地存储、必要Cookie的用途，以及如何接受、拒绝或更改可选Cookie的设置。",
    },
    title: "Cookie政策",
    subtitle: "我们如何使用Cookie及类似技术",
    content: [
      "本Cookie政策说明{siteName}网站使用了哪些Cookie及类似技术（例如浏览器的本地存储）、它们的用途，以及您可以如何进行管理。",
      "Cookie是网站存储在您浏览器中的小型文本文件。本地存储的原理与之类似，但其内容仅保留在您的浏览器中，不会自动发送到我们的服务器。我们将这两种技术的使用控制在最低限度。",
    ],
    sections: [
      {
        id: "strictly-necessary-cookies-and-storage",
        title: "必要的Cookie和存储",
        content: [
          "部分存储是网站正常运行所必需的，无法关闭。它们仅用于提供您所使用的功能，绝不会用于在其他网站上跟踪您。",
          "本地存储：登录后，会话令牌会保存在浏览器的本地存储中，以便保持您的登录状态并显示积分余额。您选择的语言也会保存在这里，方便下次访问时沿用。",
          "selectedLanguage Cookie：记录您选择的语言（英文、日文或中文），使我们的服务器能够直接以该语言呈现页面。",
          "cookie_consent Cookie：记录您接受还是拒绝了可选Cookie，避免每打开一个页面都重复询问。",
        ],
      },
      {
        id: "analytics-cookies",
        title: "分析类Cookie",
        content: [
          "分析类Cookie帮助网站了解访客的使用情况，例如哪些页面最受关注，以便改进内容和导航。相关信息以汇总形式收集。",
          "分析类Cookie默认关闭。目前，除非您表示同意，本网站不会设置任何分析类Cookie。",
        ],
      },
      {
        id: "marketing-cookies",
        title: "营销类Cookie",
        content: [
          "营销类Cookie用于衡量推广活动的效果，并在其他网站上展示与我们服务相关的信息。",
          "与分析类Cookie一样，营销类Cookie在您同意之前始终处于关闭状态。目前，除非您表示同意，本网站不会设置任何营销类Cookie。",
        ],
      },
      {
        id: "changing-your-choice",
        title: "如何更改您的选择",
        content: [
          "首次访问本网站时，页面会显示提示横幅，询问您是否接受可选Cookie。您可随时点击每个页面页脚中的“Cookie偏好设置”链接更改选择。撤回同意后，自撤回之时起生效。",
          "您也可以在浏览器设置中删除Cookie和本地存储，或完全禁用Cookie。但如果屏蔽了必要的存储，您可能会被退出登录，网站也可能无法记住您选择的语言。",
        ],
      },
      {
        id: "changes-to-this-policy-and-contact",
        title: "政策更新与联系方式",
        content: [
          "如我们引入新的Cookie或改变其使用方式，将相应更新本政策，并在需要时重新征求您的同意。如对Cookie有任何疑问，请通过联系页面与我们联系。有关个人信息处理的整体说明，请参阅我们的隐私政策。",
        ],
      },
    ],
  },
};
