import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publishFeatureSchema } from "~/domain/features";
import { requireAdmin } from "~/server/admin.server";
import { methodNotAllowed, readBody } from "~/server/api.server";
import { publishFeature } from "~/server/features.server";

export const loader = () => methodNotAllowed(["POST"]);

/** An admin publishes an announcement; everyone sees it as New. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(context.app, request);
  const input = await readBody(request, publishFeatureSchema);
  return Response.json({ message: "Announcement published", feature: await publishFeature(context.app, admin.id, input) }, { status: 201 });
}
