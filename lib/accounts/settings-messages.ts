// What the account settings API says and mails, per language.
import type { LocalizedText } from "~/lib/http/api-error";

export const SETTINGS_MESSAGES = {
  wrongPassword: {
    en: "Your current password is not correct.",
    ja: "現在のパスワードが正しくありません。",
    zh: "当前密码不正确。",
  },
  tooManyPasswordTries: {
    en: "Too many wrong passwords. Please try again in {minutes|# minute|# minutes}.",
    ja: "パスワードの誤りが多すぎます。{minutes} 分後にもう一度お試しください。",
    zh: "密码错误次数过多，请在 {minutes} 分钟后重试。",
  },
  tooManyEmailChanges: {
    en: "Too many address changes requested. Please try again in {minutes|# minute|# minutes}.",
    ja: "メールアドレス変更のリクエストが多すぎます。{minutes} 分後にもう一度お試しください。",
    zh: "更改邮箱的请求过多，请在 {minutes} 分钟后重试。",
  },
  emailTaken: {
    en: "Another account already uses this email address.",
    ja: "このメールアドレスは別のアカウントで使用されています。",
    zh: "该电子邮件地址已被其他账户使用。",
  },
  sameEmail: {
    en: "This is already your email address.",
    ja: "これはすでにご登録のメールアドレスです。",
    zh: "这已经是您当前的电子邮件地址。",
  },
  invalidEmailToken: {
    en: "This confirmation link is invalid, has expired or has already been used. Please request the change again from your account settings.",
    ja: "この確認リンクは無効、期限切れ、または使用済みです。アカウント設定からもう一度変更をお申し込みください。",
    zh: "该确认链接无效、已过期或已被使用。请在账户设置中重新申请更改。",
  },
  lastAdmin: {
    en: "You are the only administrator, so this account cannot be deleted. Make another account an administrator first.",
    ja: "唯一の管理者であるため、このアカウントは削除できません。先に別のアカウントを管理者にしてください。",
    zh: "您是唯一的管理员，因此无法删除此账户。请先将其他账户设为管理员。",
  },
  sessionNotFound: {
    en: "This session does not exist or has already been signed out.",
    ja: "このセッションは存在しないか、すでにログアウトされています。",
    zh: "该会话不存在或已退出登录。",
  },
  nameChanged: { en: "Your name has been saved.", ja: "お名前を保存しました。", zh: "姓名已保存。" },
  passwordChanged: {
    en: "Your password has been changed. Every other device has been signed out.",
    ja: "パスワードを変更しました。ほかのすべての端末からログアウトしました。",
    zh: "密码已修改，所有其他设备均已退出登录。",
  },
  /** The same, when an address change was waiting for confirmation (the new password cancels it). */
  passwordChangedEmailCancelled: {
    en: "Your password has been changed. Every other device has been signed out, and the change of address to {email} that was waiting for confirmation was cancelled: ask for it again if you still want it.",
    ja: "パスワードを変更しました。ほかのすべての端末からログアウトし、確認待ちだったメールアドレス（{email}）への変更は取り消しました。変更が必要な場合は、もう一度お申し込みください。",
    zh: "密码已修改，所有其他设备均已退出登录；等待确认的邮箱地址变更（{email}）已取消，如仍需更改，请重新申请。",
  },
  emailChangeSent: {
    en: "We have sent a confirmation link to {email}. Your address changes when you open it (within 24 hours).",
    ja: "{email} に確認リンクをお送りしました。リンクを開くと（24 時間以内）メールアドレスが変更されます。",
    zh: "我们已向 {email} 发送确认链接。打开链接后（24 小时内有效）即完成邮箱更改。",
  },
  emailChanged: {
    en: "Your email address is now {email}.",
    ja: "メールアドレスを {email} に変更しました。",
    zh: "您的电子邮件地址已更改为 {email}。",
  },
  sessionRevoked: { en: "That device has been signed out.", ja: "その端末をログアウトしました。", zh: "该设备已退出登录。" },
  /** The same, when an address change was waiting for confirmation (signing a device out cancels it). */
  sessionRevokedEmailCancelled: {
    en: "That device has been signed out, and the change of address to {email} that was waiting for confirmation was cancelled: ask for it again if you still want it.",
    ja: "その端末をログアウトし、確認待ちだったメールアドレス（{email}）への変更は取り消しました。変更が必要な場合は、もう一度お申し込みください。",
    zh: "该设备已退出登录；等待确认的邮箱地址变更（{email}）已取消，如仍需更改，请重新申请。",
  },
  signedOutEverywhere: {
    en: "You have been signed out on every device.",
    ja: "すべての端末からログアウトしました。",
    zh: "您已在所有设备上退出登录。",
  },
  accountDeleted: {
    en: "Your account has been deleted.",
    ja: "アカウントを削除しました。",
    zh: "您的账户已删除。",
  },
  resetLinkValid: { en: "This link is valid.", ja: "このリンクは有効です。", zh: "该链接有效。" },
} satisfies Record<string, LocalizedText>;

const mail = (en: string, ja: string, zh: string): LocalizedText => ({ en, ja, zh });

export const SETTINGS_MAIL = {
  passwordChangedSubject: mail("Your {siteName} password was changed", "{siteName} のパスワードが変更されました", "您的 {siteName} 密码已更改"),
  passwordChangedText: mail(
    "Hello {name},\n\nThe password of your {siteName} account was changed just now, and every other device was signed out. If this was not you, reset your password at once:\n{link}\n\n{siteName}",
    "{name} 様\n\n{siteName} アカウントのパスワードが変更され、ほかのすべての端末からログアウトしました。お心当たりがない場合は、すぐにパスワードを再設定してください。\n{link}\n\n{siteName}",
    "{name}，您好：\n\n您的 {siteName} 账户密码刚刚已更改，所有其他设备均已退出登录。如果这不是您本人的操作，请立即重置密码：\n{link}\n\n{siteName}",
  ),
  confirmSubject: mail("Confirm your new {siteName} email address", "{siteName} 新しいメールアドレスのご確認", "请确认您的 {siteName} 新邮箱地址"),
  confirmText: mail(
    "Hello {name},\n\nPlease confirm that this is the new email address of your {siteName} account by opening this link within 24 hours:\n{link}\n\nIf you did not ask for this, ignore this email; nothing changes.\n\n{siteName}",
    "{name} 様\n\n{siteName} アカウントの新しいメールアドレスとしてこのアドレスを確認するため、24 時間以内に次のリンクを開いてください。\n{link}\n\nお心当たりがない場合は、このメールを破棄してください。変更は行われません。\n\n{siteName}",
    "{name}，您好：\n\n请在 24 小时内打开以下链接，确认此地址为您 {siteName} 账户的新邮箱：\n{link}\n\n如果这不是您本人的操作，请忽略此邮件，不会有任何更改。\n\n{siteName}",
  ),
  changedSubject: mail("Your {siteName} email address was changed", "{siteName} のメールアドレスが変更されました", "您的 {siteName} 邮箱地址已更改"),
  changedText: mail(
    "Hello {name},\n\nThe email address of your {siteName} account was changed to {email}. This address will no longer receive messages about the account. If this was not you, please contact us at once:\n{link}\n\n{siteName}",
    "{name} 様\n\n{siteName} アカウントのメールアドレスが {email} に変更されました。今後、このアドレスにはアカウントに関するメールは届きません。お心当たりがない場合は、至急お問い合わせください。\n{link}\n\n{siteName}",
    "{name}，您好：\n\n您 {siteName} 账户的邮箱地址已更改为 {email}。此地址今后将不再收到与该账户相关的邮件。如果这不是您本人的操作，请立即联系我们：\n{link}\n\n{siteName}",
  ),
} satisfies Record<string, LocalizedText>;
