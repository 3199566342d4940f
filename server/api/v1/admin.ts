// Admin API: one user's history, credit adjustments, the admin role, the contact inbox.
// The operator's setup checklist and the CSV exports of users and payments.
// Every route answers 401 without a token and 403 for a non-admin (requireAdmin).
import { Router } from "express";
import { listMessages, setMessageRead } from "~/lib/contact-inbox.server";
import { ADMIN_USER_ERRORS, adjustCredits, changeRole, getUserDetail } from "~/lib/admin/users.server";
import { csvFilename } from "~/lib/admin/csv";
import { exportCsv } from "~/lib/admin/export.server";
import { setupChecklist } from "~/lib/admin/setup-checklist.server";
import { ExportKindSchema, type SetupChecklistResponse } from "~/lib/contracts/admin-setup";
import { ApiError, type LocalizedText } from "~/lib/http/api-error";
import {
  CreditAdjustmentSchema,
  MessageListQuerySchema,
  MessageReadSchema,
  RoleChangeSchema,
  type AdminUserDetailResponse,
  type CreditAdjustmentResponse,
  type MessageListResponse,
  type MessageReadResponse,
  type RoleChangeResponse,
} from "~/lib/contracts/admin";
import { parseBody, requestLang, requireAdmin, appContext } from "~/server/http";

export const adminRouter = Router();

const TEXT = {
  creditsGranted: { en: "Credits granted.", ja: "クレジットを付与しました。", zh: "已发放积分。" },
  creditsDeducted: { en: "Credits deducted.", ja: "クレジットを差し引きました。", zh: "已扣除积分。" },
  alreadyAdjusted: {
    en: "This adjustment had already been applied; it was not applied twice.",
    ja: "この調整はすでに適用されています。二重には適用していません。",
    zh: "此调整已经生效，未重复执行。",
  },
  promoted: { en: "The user is now an admin.", ja: "このユーザーを管理者にしました。", zh: "该用户已设为管理员。" },
  demoted: {
    en: "The user is no longer an admin.",
    ja: "このユーザーの管理者権限を解除しました。",
    zh: "已撤销该用户的管理员权限。",
  },
  markedRead: { en: "Marked as read.", ja: "既読にしました。", zh: "已标记为已读。" },
  markedUnread: { en: "Marked as unread.", ja: "未読に戻しました。", zh: "已标记为未读。" },
  unknownExport: {
    en: "There is no such export. Choose users or payments.",
    ja: "そのエクスポートはありません。users か payments を指定してください。",
    zh: "没有该导出项。请选择 users 或 payments。",
  },
} satisfies Record<string, LocalizedText>;

adminRouter.get("/users/:id", async (req, res) => {
  await requireAdmin(req);
  const detail = await getUserDetail(appContext(req).db, req.params.id);
  if (!detail) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
  res.json({ success: true, ...detail } satisfies AdminUserDetailResponse);
});

adminRouter.post("/users/:id/credits", async (req, res) => {
  const admin = await requireAdmin(req);
  const input = parseBody(req, CreditAdjustmentSchema, req.body);
  const result = await adjustCredits(appContext(req).db, { ...input, userId: req.params.id, adminId: admin.id });
  const text = result.replayed ? TEXT.alreadyAdjusted : input.direction === "grant" ? TEXT.creditsGranted : TEXT.creditsDeducted;
  res.json({ success: true, message: text[requestLang(req)], ...result } satisfies CreditAdjustmentResponse);
});

adminRouter.post("/users/:id/role", async (req, res) => {
  const admin = await requireAdmin(req);
  const { role } = parseBody(req, RoleChangeSchema, req.body);
  const user = await changeRole(appContext(req).db, { userId: req.params.id, adminId: admin.id, role });
  const text = role === "admin" ? TEXT.promoted : TEXT.demoted;
  res.json({ success: true, message: text[requestLang(req)], user } satisfies RoleChangeResponse);
});

adminRouter.get("/messages", async (req, res) => {
  await requireAdmin(req);
  const query = parseBody(req, MessageListQuerySchema, req.query);
  res.json({ success: true, ...(await listMessages(appContext(req).db, query)) } satisfies MessageListResponse);
});

adminRouter.post("/messages/:id/read", async (req, res) => {
  await requireAdmin(req);
  const { read } = parseBody(req, MessageReadSchema, req.body);
  const message = await setMessageRead(appContext(req).db, req.params.id, read);
  res.json({
    success: true,
    message: (read ? TEXT.markedRead : TEXT.markedUnread)[requestLang(req)],
    contactMessage: message,
  } satisfies MessageReadResponse);
});

adminRouter.get("/setup", async (req, res) => {
  await requireAdmin(req);
  const items = await setupChecklist(appContext(req));
  res.json({ success: true, items } satisfies SetupChecklistResponse);
});

adminRouter.get("/export/:file", async (req, res) => {
  await requireAdmin(req);
  const kind = ExportKindSchema.safeParse(req.params.file.replace(/\.csv$/, ""));
  if (!kind.success) throw new ApiError(404, "export_not_found", TEXT.unknownExport);
  const { db, env } = appContext(req);
  const body = await exportCsv(db, kind.data);
  res.set({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${csvFilename(env.SITE_NAME, kind.data)}"`,
    // Personal data: never kept by a browser or proxy cache.
    "Cache-Control": "no-store",
  });
  res.send(body);
});
