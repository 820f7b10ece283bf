import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { listCategories } from "~/server/categories.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiUser(context.app, request);
  return Response.json(await listCategories(context.app), { headers: { "Cache-Control": "private, max-age=300" } });
}
