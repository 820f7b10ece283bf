import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { uploadView } from "~/server/uploads.server";

/** GET: the upload's status (processing | ready | failed | imported), progress 0–1, error, and once ready the result (one page of rows). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  // The review in pages (issue 18): ?page=N, 100 rows a page; `pagination` says how many there are.
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const view = /^[A-Za-z0-9-]{1,100}$/.test(params.uploadId ?? "") ? await uploadView(context.app, access, params.uploadId!, Number.isFinite(page) ? page : 1) : null;
  return view ? Response.json(view) : jsonError(404, "Upload not found.");
}
