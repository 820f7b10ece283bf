import { toCsv } from "~/domain/csv-export";
import { monthFigures } from "~/domain/expense-history";
import { centsToDecimal } from "~/domain/money";
import type { BudgetAccess } from "./budget.server";
import type { AppContext } from "./context.server";
import { expensesOfMonth } from "./history.server";

// GET /api/expenses/export: one month as a file. Excluded expenses are left out, as they are from the
// month's total. USD, 2 decimals.

export async function exportMonth(app: AppContext, access: BudgetAccess, month: string, format: "csv" | "json", ridden?: Parameters<typeof expensesOfMonth>[3]): Promise<Response> {
  const rows = (await expensesOfMonth(app, access, month, ridden)).filter((e) => e.enabled);
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (format === "csv") {
    const body = toCsv(
      ["Date", "Description", "Category", "Amount", "Original Input"],
      rows.map((e) => [e.date, e.description, e.category?.name ?? "Uncategorized", e.amount, e.originalInput ?? ""]),
    );
    return new Response(body, { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="expenses-${month}.csv"` } });
  }
  const figures = monthFigures(month, rows);
  const body = {
    month,
    currency: "USD",
    total: centsToDecimal(figures.totalCents),
    expenses: rows.map((e) => ({
      id: e.id,
      date: e.date,
      description: e.description,
      category: e.category?.name ?? "Uncategorized",
      amount: e.amount,
      originalInput: e.originalInput,
      budgetMonth: e.budgetMonth ?? month,
    })),
    categoryBreakdown: figures.breakdown.map((c) => ({ category: c.name, total: centsToDecimal(c.totalCents), count: c.count })),
    exportedAt: new Date(app.now).toISOString(),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="expenses-${month}.json"` },
  });
}
