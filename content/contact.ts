// Contact page. {contactEmail}, {contactPhone} and {contactAddress} are filled in by the code
// from configuration; {siteName} is the configured site name. No placeholder data here.
import type { ContactContent, Localized } from "./types";

export const contact: Localized<ContactContent> = {
  en: {
    seo: {
      title: "Contact Us",
      description:
        "Contact {siteName} about tax consultation, tax technology, security services or custom software. Tell us what you need and we will reply within 24 hours.",
    },
    title: "Contact Us",
    subtitle:
      "Have a question about tax, technology or security? Tell us what you need and our team will get back to you.",
    contactInfo: {
      email: {
        title: "Email Us",
        fact: "Email address",
        details: "{contactEmail}",
        description: "Write to us at any time. We reply within 24 hours.",
      },
      phone: {
        title: "Call Us",
        fact: "Phone number",
        details: "{contactPhone}",
        description: "Monday to Friday, 8:00 AM to 6:00 PM",
      },
      address: {
        title: "Visit Us",
        fact: "Office address",
        details: "{contactAddress}",
        description: "Meetings at our office by appointment.",
      },
    },
    businessHours: {
      title: "Business Hours",
      days: [
        { name: "Monday - Friday", hours: "8:00 AM - 6:00 PM" },
        { name: "Saturday", hours: "9:00 AM - 4:00 PM" },
        { name: "Sunday", hours: "Closed" },
      ],
    },
    form: {
      title: "Send Us a Message",
      name: "Name",
      email: "Email",
      company: "Company",
      subject: "Subject",
      message: "Message",
      service: "Service",
      submit: "Send Message",
      sending: "Sending...",
      successTitle: "Message Sent Successfully!",
      successText: "Thank you for contacting us. We'll get back to you within 24 hours.",
      sendAnother: "Send Another Message",
    },
    serviceOptions: [
      { value: "general", label: "General Inquiry" },
      { value: "technology", label: "Technology Solutions" },
      { value: "security", label: "Security Services" },
      { value: "consulting", label: "Tax Consultation" },
      { value: "web", label: "Custom Software Development" },
      { value: "support", label: "Technical Support" },
    ],
    websiteInfo: {
      name: "{siteName}",
      slogan: "Tax expertise, engineered.",
      mail: "{contactEmail}",
      phone: "{contactPhone}",
    },
  },

  ja: {
    seo: {
      title: "お問い合わせ",
      description:
        "税務コンサルティング、税務テクノロジー、セキュリティ、カスタムソフトウェア開発に関するご相談は、{siteName}までお気軽にお問い合わせください。24時間以内にご連絡いたします。",
    },
    title: "お問い合わせ",
    subtitle:
      "税務、テクノロジー、セキュリティに関するご質問やご相談を承っております。ご要望をお聞かせいただければ、担当者よりご連絡いたします。",
    contactInfo: {
      email: {
        title: "メール",
        fact: "メールアドレス",
        details: "{contactEmail}",
        description: "随時受け付けております。24時間以内にご返信いたします。",
      },
      phone: {
        title: "お電話",
        fact: "電話番号",
        details: "{contactPhone}",
        description: "月曜日〜金曜日 8:00〜18:00",
      },
      address: {
        title: "所在地",
        fact: "事務所の住所",
        details: "{contactAddress}",
        description: "ご来社の際は、事前にご予約をお願いいたします。",
      },
    },
    businessHours: {
      title: "営業時間",
      days: [
        { name: "月曜日〜金曜日", hours: "8:00〜18:00" },
        { name: "土曜日", hours: "9:00〜16:00" },
        { name: "日曜日", hours: "休業" },
      ],
    },
    form: {
      title: "お問い合わせフォーム",
      name: "お名前",
      email: "メールアドレス",
      company: "会社名",
      subject: "件名",
      message: "お問い合わせ内容",
      service: "ご希望のサービス",
      submit: "送信する",
      sending: "送信中...",
      successTitle: "送信が完了しました",
      successText: "お問い合わせいただき、誠にありがとうございます。24時間以内に担当者よりご連絡いたします。",
      sendAnother: "別のお問い合わせを送信する",
    },
    serviceOptions: [
      { value: "general", label: "一般的なお問い合わせ" },
      { value: "technology", label: "テクノロジーソリューション" },
      { value: "security", label: "セキュリティサービス" },
      { value: "consulting", label: "税務コンサルティング" },
      { value: "web", label: "カスタムソフトウェア開発" },
      { value: "support", label: "テクニカルサポート" },
    ],
    websiteInfo: {
      name: "{siteName}",
      slogan: "税務の専門性を、テクノロジーで。",
      mail: "{contactEmail}",
      phone: "{contactPhone}",
    },
  },

  zh: {
    seo: {
      title: "联系我们",
      description:
        "如需税务咨询、税务技术、安全服务或定制软件开发方面的支持，欢迎联系{siteName}。告诉我们您的需求，我们将在24小时内回复。",
    },
    title: "联系我们",
    subtitle: "对税务、技术或安全有任何疑问？请告诉我们您的需求，我们的团队将尽快与您联系。",
    contactInfo: {
      email: {
        title: "电子邮件",
        fact: "电子邮箱",
        details: "{contactEmail}",
        description: "随时欢迎来信，我们将在24小时内回复。",
      },
      phone: {
        title: "联系电话",
        fact: "电话号码",
        details: "{contactPhone}",
        description: "周一至周五 8:00–18:00",
      },
      address: {
        title: "公司地址",
        fact: "办公地址",
        details: "{contactAddress}",
        description: "来访请提前预约。",
      },
    },
    businessHours: {
      title: "营业时间",
      days: [
        { name: "周一至周五", hours: "8:00–18:00" },
        { name: "周六", hours: "9:00–16:00" },
        { name: "周日", hours: "休息" },
      ],
    },
    form: {
      title: "在线留言",
      name: "姓名",
      email: "电子邮箱",
      company: "公司名称",
      subject: "主题",
      message: "留言内容",
      service: "咨询服务",
      submit: "提交留言",
      sending: "提交中...",
      successTitle: "留言已成功提交！",
      successText: "感谢您与我们联系，我们将在24小时内回复您。",
      sendAnother: "再次留言",
    },
    serviceOptions: [
      { value: "general", label: "一般咨询" },
      { value: "technology", label: "技术解决方案" },
      { value: "security", label: "安全服务" },
      { value: "consulting", label: "税务咨询" },
      { value: "web", label: "定制软件开发" },
      { value: "support", label: "技术支持" },
    ],
    websiteInfo: {
      name: "{siteName}",
      slogan: "专业税务，科技赋能。",
      mail: "{contactEmail}",
      phone: "{contactPhone}",
    },
  },
};
