// POST /api/v1/contact: the contact form as JSON. Validated with the form's schema, stored, mailed.
import { Router } from "express";
import { CONTACT_TEXT, submitContact } from "~/lib/contact-inbox.server";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";
import { ContactSchema, type ContactResponse } from "~/lib/contracts/contact";
import { clientIp, parseBody, requestLang, appContext } from "~/server/http";

export const contactRouter = Router();

contactRouter.post("/", async (req, res) => {
  if (!req.is("application/json")) {
    throw new ApiError(415, "unsupported_media_type", COMMON_ERRORS.unsupportedMediaType);
  }
  const input = parseBody(req, ContactSchema, req.body);
  const lang = requestLang(req);
  const { id } = await submitContact(appContext(req), input, { ip: clientIp(req), lang });
  res.status(201).json({ success: true, message: CONTACT_TEXT.success[lang], id } satisfies ContactResponse);
});
