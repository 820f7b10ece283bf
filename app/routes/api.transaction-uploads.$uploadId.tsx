import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { uploadView } from "~/server/uploads.server";

/** GET: the upload's status (processing | ready | failed | imported), progress 0–1, error, and once ready the result. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  const view = /^[A-Za-z0-9-]{1,100}$/.test(params.uploadId ?? "") ? await uploadView(context.app, access, params.uploadId!) : null;
  return view ? Response.json(view) : jsonError(404, "Upload not found.");
}
