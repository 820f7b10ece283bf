import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isMonth } from "~/domain/csv-export";
import { jsonError } from "~/server/api.server";
import { memberBudgetIdOf, requireApiUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { exportMonth } from "~/server/expense-export.server";
import { monthExpensesQuery } from "~/server/history.server";

// A file download that works without JavaScript: the Export buttons are plain links.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const url = new URL(request.url);
  const month = url.searchParams.get("month");
  const format = url.searchParams.get("format") ?? "csv";
  const asked = isMonth(month) ? month : null;
  const ridden = asked ? rideWithSessionLookup(app, request, (hash) => [monthExpensesQuery(app, memberBudgetIdOf(app, hash), asked)] as const) : null;
  const user = await requireApiUser(app, request);
  if (!isMonth(month)) return jsonError(400, "month must be a month in the form yyyy-MM, e.g. 2026-11.", { month: ["Use the form yyyy-MM"] });
  if (format !== "csv" && format !== "json") return jsonError(400, 'format must be "csv" or "json".', { format: ['Use "csv" or "json"'] });
  const access = await requireBudget(app, user);
  return exportMonth(app, access, month, format, riddenRowsFor(await ridden, access.budget.id)?.[0]);
}
