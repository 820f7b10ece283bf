import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonError, methodNotAllowed } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { readRequestData } from "~/server/body.server";
import { requireBudget } from "~/server/budget.server";
import { createUpload, MAX_UPLOAD_BYTES } from "~/server/uploads.server";
import { rateLimitedResponse } from "~/server/rate-limits.server";

/** POST (multipart, field `file`): stores the statement and parses it in the background (200 when ready, else 202). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  // Before reading up to 10 MB: a user who has uploaded a lot lately is told to wait (issue 18 #10).
  const limited = await rateLimitedResponse(context.app, user.id, "upload");
  if (limited) return limited;
  // The file plus the multipart framing around it.
  const fields = await readRequestData(request, { maxBytes: MAX_UPLOAD_BYTES + 64 * 1024, allowFiles: true });
  const file = Array.isArray(fields.file) ? fields.file[0] : fields.file;
  if (!(file instanceof File)) return jsonError(400, "Choose a statement file to upload (form field \"file\").");
  return createUpload(context.app, user, access, file);
}
