import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, searchUsers } from "~/server/admin.server";

/** GET /api/admin/users?search=: by name, e-mail or phone; everyone (newest first) without a search. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const search = new URL(request.url).searchParams.get("search") ?? "";
  return Response.json(await searchUsers(context.app, search));
}
