import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, searchUsers, searchUsersQuery } from "~/server/admin.server";
import { riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";

/** GET /api/admin/users?search=: by name, e-mail or phone; everyone (newest first) without a search. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const search = new URL(request.url).searchParams.get("search") ?? "";
  const ridden = rideWithSessionLookup(app, request, (hash) => [searchUsersQuery(app, search, sessionUserIdOf(app, hash))] as const);
  await requireAdmin(app, request);
  return Response.json(await searchUsers(app, search, riddenUserRows(await ridden)?.[0]));
}
