// POST /api/v1/contact: the contact form as JSON. Validated with the form's schema, stored, mailed
// (to the team, and an acknowledgement to a signed-in member writing from their own address).
import { Router } from "express";
import { CONTACT_TEXT, submitContact } from "~/lib/contact-inbox.server";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";
import { ContactSchema, type ContactResponse } from "~/lib/contracts/contact";
import { clientIp, getUser, parseBody, requestLang, appContext } from "~/server/http";

export const contactRouter = Router();

contactRouter.post("/", async (req, res) => {
  if (!req.is("application/json")) {
    throw new ApiError(415, "unsupported_media_type", COMMON_ERRORS.unsupportedMediaType);
  }
  const input = parseBody(req, ContactSchema, req.body);
  const lang = requestLang(req);
  // Anyone may write: a token without a session (expired, revoked, made up) is an anonymous sender,
  // never a 401. A signed-in member who gives their own address gets an acknowledgement.
  const sender = await getUser(req);
  const { id, acknowledged } = await submitContact(appContext(req), input, { ip: clientIp(req), lang, sender });
  res.status(201).json({ success: true, message: CONTACT_TEXT.success[lang], id, acknowledged } satisfies ContactResponse);
});
