import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, requireTargetUser, userDetails } from "~/server/admin.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  return Response.json(await userDetails(context.app, await requireTargetUser(context.app, params.id)));
}
