import { and, eq, max } from "drizzle-orm";
import { monthOf } from "~/domain/reset-period";
import { categories, expenses, lineItems, uploads } from "../../db/schema";
import { CommandRejected, requireOwner, type Planners, type Statement } from "../plan-context.server";
import { OWNER_LINES } from "./details.server";
import { requireDateNotAhead } from "./expenses.server";
import { requireRoomForLines } from "./setup.server";

export const uploadPlanners: Planners<"importStatementRows"> = {
  /**
   * Adds the approved rows as expenses, each once: a row whose fingerprint was imported before (approving
   * twice, or the same statement uploaded again) is skipped. Rows dated before the current period go
   * straight into history under their own month; the rest count toward this period's spent.
   */
  async importStatementRows(ctx, command) {
    const { db, budgetId, actorId, now, member } = ctx;
    // Budget lines are the owner's (issue 18 #15): a member imports expenses, never lines, approve or not.
    if (command.lines.length > 0) {
      requireOwner(ctx, OWNER_LINES);
      await requireRoomForLines(db, budgetId, command.lines.length);
    }
    // One date rule for every way an expense is dated (issue 18 #16), here as for the API and the chat.
    for (const row of command.rows) requireDateNotAhead(ctx, row.date);
    const [upload, known, cats, top] = await db.batch([
      db.select({ id: uploads.id, status: uploads.status }).from(uploads).where(and(eq(uploads.id, command.uploadId), eq(uploads.budgetId, budgetId))).limit(1),
      db.select({ externalId: expenses.externalId }).from(expenses).where(and(eq(expenses.budgetId, budgetId), eq(expenses.source, "upload"))),
      db.select({ id: categories.id }).from(categories),
      db.select({ kind: lineItems.kind, top: max(lineItems.position) }).from(lineItems).where(eq(lineItems.budgetId, budgetId)).groupBy(lineItems.kind),
    ]);
    if (!upload[0]) throw new CommandRejected(404, "Upload not found.");
    // Approved once (issue 18): commands run one at a time, so of two approves (or eight in parallel) the first
    // marks the upload imported and every later one is refused here, adding no rows and no lines.
    if (upload[0].status === "imported") throw new CommandRejected(409, "This statement was already imported.");
    if (upload[0].status !== "ready") throw new CommandRejected(409, "This upload is still being processed.");
    const categoryIds = new Set(cats.map((c) => c.id));
    const seen = new Set(known.map((k) => k.externalId));
    const statements: Statement[] = [];
    let imported = 0;
    for (const row of command.rows) {
      const externalId = `upload:${row.fingerprint}`;
      if (seen.has(externalId)) continue;
      seen.add(externalId);
      if (!categoryIds.has(row.categoryId)) throw new CommandRejected(400, `Unknown category "${row.categoryId}".`);
      const past = row.date < member.periodStart;
      statements.push(
        db
          .insert(expenses)
          .values({
            id: crypto.randomUUID(),
            budgetId,
            userId: actorId,
            amountCents: row.amountCents,
            description: row.description,
            categoryId: row.categoryId,
            date: row.date,
            createdAt: now,
            enabled: true,
            originalInput: null,
            source: "upload",
            externalId,
            periodStart: past ? row.date : member.periodStart,
            budgetMonth: past ? monthOf(row.date) : null,
            archivedAt: past ? now : null,
          })
          .onConflictDoNothing(),
      );
      imported++;
    }
    const position = { income: top.find((t) => t.kind === "income")?.top ?? -1, expense: top.find((t) => t.kind === "expense")?.top ?? -1 };
    for (const line of command.lines) {
      position[line.kind] += 1;
      statements.push(
        db.insert(lineItems).values({
          id: crypto.randomUUID(),
          budgetId,
          kind: line.kind,
          label: line.label,
          amountCents: line.amountCents,
          category: line.kind === "income" ? "income" : line.category,
          isSingleMonth: false,
          position: position[line.kind],
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    statements.push(db.update(uploads).set({ status: "imported", updatedAt: now }).where(eq(uploads.id, command.uploadId)));
    return { statements, result: { importedCount: imported, linesAdded: command.lines.length } };
  },
};
