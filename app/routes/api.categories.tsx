import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser, riddenUserRowsOr, rideWithSessionLookup } from "~/server/auth/session.server";
import { categoriesQuery, listCategories } from "~/server/categories.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The categories are everyone's: they ride with the session lookup (one round trip).
  const ridden = rideWithSessionLookup(app, request, () => [categoriesQuery(app)] as const);
  await requireApiUser(app, request);
  const [rows] = await riddenUserRowsOr(ridden, async () => [await listCategories(app)] as const);
  return Response.json(rows, { headers: { "Cache-Control": "private, max-age=300" } });
}
