import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "./helpers/http";
import { signUp, type SignedInUser } from "./helpers/users";
import { ROWS_PER_PAGE } from "~/domain/list-size";

// The budget page and expense history at household scale (issues 6 and 9): the first rows are listed
// with a "Show all" link, the summary still counts every row, and a row's edit or delete form is in the
// page only when its link opened it (without JavaScript that is the whole interaction).

async function seedExpenses(user: SignedInUser, n: number) {
  // A complete profile (the pages are only for those), then n expenses of today in the current period.
  await env.DB.prepare("UPDATE users SET last_name = 'Tester', phone = '+15555550123' WHERE id = ?").bind(user.userId).run();
  const today = new Date().toISOString().slice(0, 10);
  const period = (await env.DB.prepare("SELECT period_start FROM budgets WHERE id = ?").bind(user.budgetId).first<{ period_start: string }>())!.period_start;
  const statements = Array.from({ length: n }, (_, i) =>
    env.DB.prepare(
      "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start) VALUES (?, ?, ?, ?, ?, 'food', ?, ?, 1, 'manual', ?)",
    ).bind(`${user.budgetId}-x${i}`, user.budgetId, user.userId, 100 + i, `Item ${i}`, today < period ? period : today, Date.now() + i, period),
  );
  await env.DB.batch(statements);
}

function count(html: string, marker: string): number {
  return html.split(marker).length - 1;
}

describe("long lists", () => {
  it(`/budget-panel lists the first ${ROWS_PER_PAGE} of 60 transactions, counts all 60, and shows all on request`, async () => {
    const user = await signUp("Busy");
    await seedExpenses(user, 60);
    // The first row (the oldest, so not listed) is excluded: it is counted, not added up.
    await env.DB.prepare("UPDATE expenses SET enabled = 0 WHERE id = ?").bind(`${user.budgetId}-x0`).run();
    const first = await (await api("/budget-panel", { cookie: user.cookie })).text();
    expect(count(first, 'data-testid="expense-row"')).toBe(ROWS_PER_PAGE);
    expect(first).toContain("Show all <!-- -->60<!-- --> transactions");
    expect(first).toMatch(/data-testid="transaction-count">60</);
    // 1.00 + 1.01 + … + 1.59 = 77.70, less the excluded 1.00.
    expect(first).toMatch(/data-testid="transaction-total">\$76\.70</);
    const all = await (await api("/budget-panel?all=1", { cookie: user.cookie })).text();
    expect(count(all, 'data-testid="expense-row"')).toBe(60);
    expect(all).not.toContain("Show all");
  });

  it("a row's edit and delete forms are rendered only when their link opened them", async () => {
    const user = await signUp("Opener");
    await seedExpenses(user, 3);
    const id = `${user.budgetId}-x1`;
    const closed = await (await api("/budget-panel", { cookie: user.cookie })).text();
    expect(closed).not.toContain('value="update-expense"');
    expect(closed).toContain(`href="/budget-panel?edit=${id}"`);
    const editing = await (await api(`/budget-panel?edit=${id}`, { cookie: user.cookie })).text();
    expect(count(editing, 'value="update-expense"')).toBe(1);
    expect(editing).toContain('aria-label="Edit Item 1"');
    const deleting = await (await api(`/budget-panel?delete=${id}`, { cookie: user.cookie })).text();
    expect(count(deleting, 'value="delete-expense"')).toBe(1);
    expect(deleting).toContain("Are you sure you want to delete this expense?");
  });

  it("a bill's bank sync panel is rendered only when its link opened it", async () => {
    const user = await signUp("Syncer");
    await seedExpenses(user, 1);
    const now = Date.now();
    await env.DB.batch(
      [
        ["rent", "Rent", '["ACME PROPERTY"]', 1],
        ["power", "Power", "[]", 0],
      ].map(([id, label, merchants, on]) =>
        env.DB.prepare(
          "INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, bank_sync_enabled, matching_merchants, amount_tolerance_percent, created_at, updated_at) VALUES (?, ?, 'expense', ?, 100000, 'housing', ?, ?, 7.5, ?, ?)",
        ).bind(`${user.budgetId}-${id}`, user.budgetId, label, on, merchants, now, now),
      ),
    );
    const rent = `${user.budgetId}-rent`;
    const closed = await (await api("/budget-panel", { cookie: user.cookie })).text();
    expect(closed).not.toContain("Bank sync for ");
    expect(closed).toContain(`href="/budget-panel?sync=${rent}#bank-sync-dialog"`);
    const opened = await (await api(`/budget-panel?sync=${rent}`, { cookie: user.cookie })).text();
    // One panel, a dialog outside the details form (a form cannot hold another), with the stored rules.
    expect(count(opened, 'id="bank-sync-dialog"')).toBe(1);
    expect(count(opened, 'value="bank-sync-settings"')).toBe(1);
    expect(opened).toContain('role="dialog"');
    expect(opened).toContain("Bank sync for <!-- -->Rent");
    expect(opened).toMatch(/<input[^>]*name="matchingMerchants"[^>]*ACME PROPERTY[^>]*>/);
    expect(opened).toMatch(/name="amountTolerancePercent"[^>]*value="7.50"/);
    expect(opened).toMatch(/<input[^>]*name="bankSyncEnabled"[^>]*checked=""/);
    expect(opened).toContain("± $75.00 of $1,000.00");
    const dialogAt = opened.indexOf('id="bank-sync-dialog"');
    // Outside the details form: that form has closed before the dialog begins.
    expect(opened.lastIndexOf("</form>", dialogAt)).toBeGreaterThan(opened.indexOf('aria-label="Budget details"'));
  });

  it(`/expense-history lists the month's newest ${ROWS_PER_PAGE} of 120 and totals all 120`, async () => {
    const user = await signUp("Historian");
    await seedExpenses(user, 120);
    const html = await (await api("/expense-history", { cookie: user.cookie })).text();
    const list = html.slice(html.indexOf('data-testid="month-transactions"'));
    expect(count(list.slice(0, list.indexOf("</ul>")), "<li")).toBe(ROWS_PER_PAGE);
    expect(html).toContain("Show all <!-- -->120<!-- --> transactions");
    expect(html).toMatch(/120<!-- --> <!-- -->transactions/);
  });

  it(`/history shows ${ROWS_PER_PAGE} archived rows a page, newest month first, with month totals over every row`, async () => {
    const user = await signUp("Archivist");
    await seedExpenses(user, 1);
    // 40 archived rows in 2025-01 and 20 in 2025-02: 60 rows, 3 pages.
    const archive = (i: number) =>
      env.DB.prepare(
        "INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, source, period_start, budget_month, archived_at) VALUES (?, ?, ?, ?, ?, 'food', ?, ?, 1, 'manual', ?, ?, ?)",
      ).bind(`${user.budgetId}-a${i}`, user.budgetId, user.userId, 100, `Old ${i}`, i < 40 ? "2025-01-15" : "2025-02-15", i, i < 40 ? "2025-01-01" : "2025-02-01", i < 40 ? "2025-01" : "2025-02", Date.now());
    await env.DB.batch(Array.from({ length: 60 }, (_, i) => archive(i)));
    const rows = (html: string) => count(html, " · Archived ");
    const first = await (await api("/history", { cookie: user.cookie })).text();
    expect(rows(first)).toBe(ROWS_PER_PAGE);
    expect(first).toMatch(/data-testid="history-count">60</);
    expect(first).toMatch(/Page <!-- -->1<!-- --> of <!-- -->3/);
    // The newest month leads, and its header counts all of its rows, not only those on this page.
    expect(first.indexOf("February 2025")).toBeLessThan(first.indexOf("January 2025"));
    expect(first).toMatch(/20<!-- --> transactions · <!-- -->\$20\.00/);
    expect(first).toMatch(/40<!-- --> transactions · <!-- -->\$40\.00/);
    const second = await (await api("/history?page=2", { cookie: user.cookie })).text();
    expect(rows(second)).toBe(ROWS_PER_PAGE);
    expect(second).not.toContain(">Old 59<");
    // A page past the end (a stale link) shows the last page.
    const last = await (await api("/history?page=99", { cookie: user.cookie })).text();
    expect(rows(last)).toBe(60 - 2 * ROWS_PER_PAGE);
    expect(last).toMatch(/Page <!-- -->3<!-- --> of <!-- -->3/);
  });
});
