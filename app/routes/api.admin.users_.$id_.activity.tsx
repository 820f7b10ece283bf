import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, requireTargetUser, userActivity } from "~/server/admin.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  const target = await requireTargetUser(context.app, params.id);
  return Response.json(await userActivity(context.app, target.id));
}
