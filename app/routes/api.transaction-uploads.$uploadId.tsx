import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { uploadRowQuery, uploadView } from "~/server/uploads.server";

/** GET: the upload's status (processing | ready | failed | imported), progress 0–1, error, and once ready the result (one page of rows). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const app = context.app;
  const id = /^[A-Za-z0-9-]{1,100}$/.test(params.uploadId ?? "") ? params.uploadId! : null;
  // The upload's row rides with the session lookup; its parsed result is then read from R2.
  const ridden = id ? rideWithSessionLookup(app, request, (hash) => [uploadRowQuery(app, memberBudgetIdOf(app, hash), id)] as const) : null;
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  // The review in pages (issue 18): ?page=N, 100 rows a page; `pagination` says how many there are.
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const view = id ? await uploadView(app, access, id, Number.isFinite(page) ? page : 1, riddenRowsFor(await ridden, access.budget.id)?.[0]) : null;
  return view ? Response.json(view) : jsonError(404, "Upload not found.");
}
