import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportFileName } from "~/domain/account";
import { exportDay, exportUserData } from "~/server/account.server";
import { requireApiUser } from "~/server/auth/session.server";

/** A JSON file of everything the user owns or wrote, named with the day (a plain link downloads it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(context.app, request);
  const data = await exportUserData(context.app, user);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(exportDay(context.app))}"`,
      "Cache-Control": "no-store",
    },
  });
}
