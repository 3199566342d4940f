import { Router } from "express";

export const contactRouter = Router();
