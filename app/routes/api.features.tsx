import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { featuresQuery, listFeatures } from "~/server/features.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const ridden = rideWithSessionLookup(app, request, (hash) => [featuresQuery(app.db, sessionUserIdOf(app, hash))] as const);
  const user = await requireApiUser(app, request);
  return Response.json(await listFeatures(app, user.id, riddenUserRows(await ridden)?.[0]));
}
