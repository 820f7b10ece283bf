import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { listMembers, membersQuery } from "~/server/sharing/members.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [membersQuery(app, memberBudgetIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  const access = await requireBudget(app, user);
  return Response.json(await listMembers(app, access, riddenRowsFor(await ridden, access.budget.id)?.[0]));
}
