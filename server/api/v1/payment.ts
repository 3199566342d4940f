import { Router } from "express";

export const paymentRouter = Router();
