import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { listMembers } from "~/server/sharing/members.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const user = await requireApiUser(app, request);
  return Response.json(await listMembers(app, await requireBudget(app, user)));
}
