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
        // Shapes only: every edited field is checked by the expense schema in approveUpload (the same rules as
        // POST /api/expenses), so its messages are the ones a user already knows.
        date: z.string().max(40).optional(),
        description: z.string().max(1000).optional(),
        amount: z.union([z.string().max(40), z.number()]).optional(),
        category: z.string().max(64).optional(),
      }),
    )
    .max(5_000, "At most 5,000 transactions per import."),
  rejectedTransactions: z.array(z.object({ id })).max(200_000).default([]),
  recurring: z
    .array(z.object({ label: z.string().trim().min(1).max(120), kind: z.enum(["income", "expense"]), amount: z.union([z.string().max(40), z.number()]), category: z.string().max(32).optional() }))
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
