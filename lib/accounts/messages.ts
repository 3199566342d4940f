// What the accounts API says, per language (the pages show these server messages as they come).
// English success messages are the spec's (§8) verbatim.
import type { LocalizedText } from "~/lib/http/api-error";

export const ACCOUNT_MESSAGES = {
  signedUp: { en: "Signed up successfully!", ja: "登録が完了しました！", zh: "注册成功！" },
  loggedIn: { en: "Logged in successfully!", ja: "ログインしました！", zh: "登录成功！" },
  loggedOut: { en: "You have been logged out.", ja: "ログアウトしました。", zh: "您已退出登录。" },
  emailTaken: {
    en: "An account with this email already exists. Log in, or reset your password if you have forgotten it.",
    ja: "このメールアドレスのアカウントはすでに存在します。ログインするか、パスワードをお忘れの場合は再設定してください。",
    zh: "该电子邮件地址已注册。请直接登录；如忘记密码，请重置密码。",
  },
  invalidCredentials: {
    en: "Incorrect email or password.",
    ja: "メールアドレスまたはパスワードが正しくありません。",
    zh: "电子邮件地址或密码不正确。",
  },
  forgotSent: {
    en: "If an account exists for this email, we have sent a link to reset the password. The link is valid for one hour.",
    ja: "このメールアドレスのアカウントが存在する場合、パスワード再設定用のリンクをお送りしました。リンクの有効期限は 1 時間です。",
    zh: "如果该电子邮件地址已注册，我们已发送重置密码的链接。链接在 1 小时内有效。",
  },
  passwordReset: {
    en: "Your password has been changed. Please log in with your new password.",
    ja: "パスワードを変更しました。新しいパスワードでログインしてください。",
    zh: "密码已修改，请使用新密码登录。",
  },
  invalidResetToken: {
    en: "This password reset link is invalid, has expired or has already been used. Please request a new one.",
    ja: "このパスワード再設定リンクは無効、期限切れ、または使用済みです。もう一度再設定をお申し込みください。",
    zh: "该重置密码链接无效、已过期或已被使用，请重新申请。",
  },
  tooManyLogins: {
    en: "Too many login attempts. Please try again in {minutes|# minute|# minutes}.",
    ja: "ログインの試行回数が多すぎます。{minutes} 分後にもう一度お試しください。",
    zh: "登录尝试次数过多，请在 {minutes} 分钟后重试。",
  },
  /** The per-account slow-down: seconds, not minutes, and a wait rather than a lock. */
  loginSlowedDown: {
    en: "Too many failed log-ins on this account. Please wait {seconds|# second|# seconds} and try again.",
    ja: "このアカウントへのログイン失敗が多すぎます。{seconds} 秒待ってからもう一度お試しください。",
    zh: "该账户登录失败次数过多，请等待 {seconds} 秒后重试。",
  },
  tooManySignups: {
    en: "Too many sign-ups from this network. Please try again in {minutes|# minute|# minutes}.",
    ja: "このネットワークからの登録が多すぎます。{minutes} 分後にもう一度お試しください。",
    zh: "该网络的注册次数过多，请在 {minutes} 分钟后重试。",
  },
  tooManyResets: {
    en: "Too many password reset requests. Please try again in {minutes|# minute|# minutes}.",
    ja: "パスワード再設定のリクエストが多すぎます。{minutes} 分後にもう一度お試しください。",
    zh: "重置密码的请求过多，请在 {minutes} 分钟后重试。",
  },
} satisfies Record<string, LocalizedText>;

/** Sent once a reset link has set a new password: the mailbox learns of it, as after a change in the settings. */
export const PASSWORD_RESET_DONE_MAIL = {
  subject: {
    en: "Your {siteName} password was reset",
    ja: "{siteName} のパスワードが再設定されました",
    zh: "您的 {siteName} 密码已重置",
  },
  text: {
    en: "Hello {name},\n\nThe password of your {siteName} account was just set with a reset link sent to this address, and every device was signed out. If this was not you, reset your password again at once and tell us:\n{link}\n\n{siteName}",
    ja: "{name} 様\n\nこのアドレスにお送りした再設定リンクから、{siteName} アカウントのパスワードが再設定され、すべての端末からログアウトしました。お心当たりがない場合は、すぐにもう一度パスワードを再設定し、当社までお知らせください。\n{link}\n\n{siteName}",
    zh: "{name}，您好：\n\n您的 {siteName} 账户密码刚刚通过发送到此邮箱的重置链接完成了重置，所有设备均已退出登录。如果这不是您本人的操作，请立即再次重置密码并告知我们：\n{link}\n\n{siteName}",
  },
} satisfies Record<string, LocalizedText>;

export const RESET_MAIL = {
  subject: {
    en: "Reset your {siteName} password",
    ja: "{siteName} のパスワード再設定",
    zh: "重置您的 {siteName} 密码",
  },
  text: {
    en: [
      "Hello {name},",
      "",
      "Someone, hopefully you, asked to reset the password of your {siteName} account. Open this link within one hour to choose a new password:",
      "",
      "{link}",
      "",
      "The link works only once. If you did not ask for this, you can ignore this email; your password stays the same.",
      "",
      "{siteName}",
    ].join("\n"),
    ja: [
      "{name} 様",
      "",
      "{siteName} アカウントのパスワード再設定のご依頼を受け付けました。1 時間以内に次のリンクを開き、新しいパスワードを設定してください。",
      "",
      "{link}",
      "",
      "このリンクは 1 回のみ有効です。お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。",
      "",
      "{siteName}",
    ].join("\n"),
    zh: [
      "{name}，您好：",
      "",
      "我们收到了重置您 {siteName} 账户密码的请求。请在 1 小时内打开以下链接设置新密码：",
      "",
      "{link}",
      "",
      "该链接仅可使用一次。如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。",
      "",
      "{siteName}",
    ].join("\n"),
  },
} satisfies Record<string, LocalizedText>;
