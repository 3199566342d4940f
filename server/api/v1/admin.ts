import { Router } from "express";

export const adminRouter = Router();
