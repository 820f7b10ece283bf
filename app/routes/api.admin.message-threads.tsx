import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/server/admin.server";
import { listThreads } from "~/server/support.server";

/** Support threads, one per user, unread first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  return Response.json(await listThreads(context.app));
}
