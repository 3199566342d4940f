// GET /api/v1/dashboard/get: the admin dashboard's figures (published shape: data[0] holds the stats;
// docs/product.md › Admin; the answer's type is lib/contracts/dashboard.ts).
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
