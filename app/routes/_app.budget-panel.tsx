import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BankSyncPanelProvider } from "~/components/budget/bank-sync-context";
import { BankSyncDialog } from "~/components/budget/bank-sync-dialog";
import { DetailsEditor } from "~/components/budget/details-editor";
import { TransactionsPanel } from "~/components/budget/transactions-panel";
import { useFormFeedback } from "~/components/settings/use-form-feedback";
import { NEW_EXPENSE_LABEL, NEW_INCOME_LABEL, tempLineId } from "~/domain/budget-details";
import { BUDGET_PAGE_FAILURE, budgetPageFormSchema, type BudgetPageForm } from "~/domain/budget-page-forms";
import { isFormReply } from "~/domain/form-reply";
import { ROWS_PER_PAGE } from "~/domain/list-size";
import { memberBudgetIdOf, requirePageUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { saveBudgetDetails } from "~/server/budget-details.server";
import { budgetPageQueries, loadBudgetPage } from "~/server/budget-page.server";
import { requireBudget } from "~/server/budget.server";
import { addExpense, deleteExpense, expenseSortOf, toggleExpense, updateExpense } from "~/server/expenses.server";
import { formFailure, redirectWithFlash, submitForm } from "~/server/form-action.server";
import { budgetBankParts, NO_BANK_PARTS, panelPriceSuggestion, runBudgetBankSync, saveLineBankSync, updateBillAmount } from "~/server/budget-bank.server";
import { toCents } from "~/domain/money";
import { syncDoneTitle } from "~/domain/bank-rules";

export const meta: MetaFunction = () => [{ title: "Budget · Hearth Budget" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const url = new URL(request.url);
  const sort = expenseSortOf(url.searchParams.get("sort"));
  // The first rows are shown (and sent) unless the user asks for every one: a busy family's month is
  // hundreds of rows. The count and total still cover them all.
  const showAll = url.searchParams.get("all") === "1";
  const options = { sort, limit: showAll ? undefined : ROWS_PER_PAGE };
  // Before the first await: the page's queries go out with the session lookup (one D1 round trip).
  const ridden = rideWithSessionLookup(app, request, (hash) => budgetPageQueries(app, memberBudgetIdOf(app, hash), options));
  const user = await requirePageUser(app, request);
  const access = await requireBudget(app, user);
  const page = await loadBudgetPage(app, access, options, await ridden);
  const { details, summary, expenses, categories, hasAccounts } = page;
  const transactions = { count: page.count, totalCents: page.countedCents, showAll };
  const open = { edit: url.searchParams.get("edit"), delete: url.searchParams.get("delete") };
  // The bank parts cost queries only for a budget with a linked bank, or an open matching panel.
  const syncOpen = url.searchParams.get("sync");
  const [bank, suggestion] = await Promise.all([
    hasAccounts ? budgetBankParts(app, access, expenses) : NO_BANK_PARTS,
    syncOpen && url.searchParams.get("keep") !== "1" ? panelPriceSuggestion(app, access, details.expenses.find((l) => l.id === syncOpen)) : null,
  ]);
  return { details, summary, expenses, transactions, open, categories, hasAccounts, sort, wording: user.languagePreference, isOwner: access.role === "owner", userId: user.id, bank, suggestion };
}

/** The flash after each kind of write (post/redirect/get). */
function flashFor(data: BudgetPageForm): { title: string; description?: string } {
  switch (data.intent) {
    case "details":
      return data.action.kind === "save" ? { title: "Budget Saved" } : data.action.kind === "add" ? { title: data.action.lineKind === "income" ? "Income Source Added" : "Fixed Expense Added" } : { title: "Line Removed" };
    case "add-expense":
      return { title: "Expense Added", description: data.description };
    case "update-expense":
      return { title: "Expense Updated" };
    case "toggle-expense":
      return { title: "Expense Updated" };
    case "delete-expense":
      return { title: "Expense Deleted" };
    case "bank-sync-settings":
      return { title: "Bank Sync Settings Updated" };
    case "bank-sync-update-amount":
      return { title: "Amount Updated", description: `Set to $${data.amount}` };
    case "bank-sync-run":
      return { title: "Bank sync completed" };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  const submission = await submitForm(request, budgetPageFormSchema);
  if (!submission.ok) return submission.reply;
  const { data, values } = submission;
  const access = await requireBudget(app, user);
  const intent = values.intent;
  const back = new URL(request.url);
  const to = `/budget-panel${back.searchParams.get("sort") ? `?sort=${expenseSortOf(back.searchParams.get("sort"))}` : ""}`;
  try {
    switch (data.intent) {
      case "details": {
        const input = data.details;
        if (data.action.kind === "add") {
          const list = data.action.lineKind === "income" ? input.income : input.expenses;
          list.push({ id: tempLineId(data.action.lineKind), label: data.action.lineKind === "income" ? NEW_INCOME_LABEL : NEW_EXPENSE_LABEL, amount: 0, category: data.action.lineKind === "income" ? "income" : "other", isSingleMonth: false });
        }
        if (data.action.kind === "delete") {
          const id = data.action.id;
          input.income = input.income.filter((l) => l.id !== id);
          input.expenses = input.expenses.filter((l) => l.id !== id);
        }
        // Lines and the reset day are the owner's: the room refuses a member's save (403, shown as a toast).
        await saveBudgetDetails(app, user, access, input);
        break;
      }
      case "add-expense":
        await addExpense(app, user, access, data, data.idempotencyKey);
        break;
      case "update-expense":
        await updateExpense(app, user, access, data.expenseId, data);
        break;
      case "toggle-expense":
        await toggleExpense(app, user, access, data.expenseId);
        break;
      case "delete-expense":
        await deleteExpense(app, user, access, data.expenseId);
        break;
      case "bank-sync-settings": {
        const saved = await saveLineBankSync(app, user, access, data);
        if (!saved.ok) return formFailure(values, saved.message, { status: saved.status, intent });
        break;
      }
      case "bank-sync-update-amount": {
        const updated = await updateBillAmount(app, user, access, data.lineId, toCents(data.amount) ?? 0);
        if (!updated.ok) return formFailure(values, updated.message, { status: updated.status, intent });
        break;
      }
      case "bank-sync-run": {
        const synced = await runBudgetBankSync(app, user, access);
        if (!synced.ok) return formFailure(values, synced.message, { status: synced.status, intent });
        return redirectWithFlash(app, request, to, { title: syncDoneTitle(synced.value.status, "budget"), description: synced.value.message });
      }
    }
  } catch (error) {
    // The server modules answer a refusal as a JSON error Response (shared with the API routes).
    if (!(error instanceof Response) || error.status >= 500) throw error;
    const body = (await error.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string[]> };
    return formFailure(values, body.message ?? "That did not work. Please try again.", { status: error.status, fieldErrors: body.fieldErrors, intent });
  }
  return redirectWithFlash(app, request, to, flashFor(data));
}

export default function BudgetPanelScreen() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = isFormReply(actionData) ? actionData : null;
  useFormFeedback(reply, BUDGET_PAGE_FAILURE);
  return (
    <BankSyncPanelProvider matched={data.bank.matched}>
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold">Budget</h1>
      <DetailsEditor details={data.details} summary={data.summary} wording={data.wording} isOwner={data.isOwner} reply={reply} />
      <BankSyncDialog lines={data.details.expenses} reply={reply} serverSuggestion={data.suggestion} canEdit={data.isOwner} />
      <TransactionsPanel
        expenses={data.expenses}
        transactions={data.transactions}
        open={data.open}
        categories={data.categories}
        hasAccounts={data.hasAccounts}
        sort={data.sort}
        summary={data.summary}
        reply={reply}
        wording={data.wording}
        bank={data.bank}
        canChange={(e) => data.isOwner || e.user?.id === data.userId}
      />
    </div>
    </BankSyncPanelProvider>
  );
}
