// GET /api/v1/dashboard/get: the admin dashboard's figures (lib/contracts/dashboard.ts: data[0] holds the stats).
import { Router } from "express";
import type { DashboardResponse } from "~/lib/contracts/dashboard";
import { getDashboardStats } from "~/lib/stats.server";
import { requireAdmin, appContext } from "~/server/http";

export const dashboardRouter = Router();

dashboardRouter.get("/get", async (req, res) => {
  await requireAdmin(req);
  const stats = await getDashboardStats(appContext(req).db);
  res.json({ success: true, data: [stats] } satisfies DashboardResponse);
});
