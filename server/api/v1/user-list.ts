// GET /api/v1/user/get: the admin's user table, paged and searched on the server (the path the first
// release published; the answer's type is lib/contracts/admin.ts).
// Mounted on /api/v1/user next to the accounts router, which owns every other path there.
import { Router } from "express";
import { listUsers } from "~/lib/admin/users.server";
import { UserListQuerySchema, type UserListResponse } from "~/lib/contracts/admin";
import { parseBody, requireAdmin, appContext } from "~/server/http";

export const userListRouter = Router();

userListRouter.get("/get", async (req, res) => {
  await requireAdmin(req);
  const query = parseBody(req, UserListQuerySchema, req.query);
  const result = await listUsers(appContext(req).db, query);
  res.json({
    success: true,
    users: result.users.map((u) => ({
      _id: u.id,
      name: u.name,
      email: u.email,
      credits: u.credits,
      paymentDone: u.paymentDone,
      package: u.package,
      role: u.role,
      paymentStatus: u.paymentStatus,
      lastPackage: u.lastPackage,
      createdAt: u.createdAt.toISOString(),
    })),
    page: result.page,
    pageSize: result.pageSize,
    total: result.total,
    totalCapped: result.totalCapped,
  } satisfies UserListResponse);
});
