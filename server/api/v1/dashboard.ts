import { Router } from "express";

export const dashboardRouter = Router();
