import { Router } from "express";

export const aiRouter = Router();
