import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { jsonError, methodNotAllowed, readBody } from "~/server/api.server";
import { requireApiUser } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { approveUpload } from "~/server/uploads.server";

const id = z.string().trim().min(1).max(100);
const approveSchema = z.object({
  approvedTransactions: z
    .array(
      z.object({
        id,
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are YYYY-MM-DD.").optional(),
        description: z.string().trim().min(1).max(200).optional(),
        amount: z.coerce.number().positive("Amounts must be more than 0.").max(10_000_000).optional(),
        category: z.string().trim().min(1).max(64).optional(),
      }),
    )
    .max(5_000, "At most 5,000 transactions per import."),
  rejectedTransactions: z.array(z.object({ id })).max(200_000).default([]),
  recurring: z
    .array(z.object({ label: z.string().trim().min(1).max(120), kind: z.enum(["income", "expense"]), amount: z.coerce.number().min(0).max(10_000_000), category: z.string().max(32).optional() }))
    .max(50)
    .optional(),
});

/** POST { approvedTransactions, rejectedTransactions, recurring? } → { importedCount }: imports through BudgetRoom, each row once. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(context.app, request);
  const access = await requireBudget(context.app, user);
  if (!/^[A-Za-z0-9-]{1,100}$/.test(params.uploadId ?? "")) return jsonError(404, "Upload not found.");
  const input = await readBody(request, approveSchema, { maxBytes: 5_000_000 });
  return approveUpload(context.app, user, access, params.uploadId!, input);
}
