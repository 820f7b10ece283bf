import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import * as Tabs from "@radix-ui/react-tabs";
import { useMemo } from "react";
import { LinkTabsList, useLinkTab } from "~/components/ui/link-tabs";
import { CalculatorTab, type CalculatorQuery } from "~/components/debts/calculator-tab";
import { DebtsTab } from "~/components/debts/debts-tab";
import { OverviewTab } from "~/components/debts/overview-tab";
import { SCHEDULE_PREVIEW_MONTHS, StrategiesTab } from "~/components/debts/strategies-tab";
import { useFormFeedback } from "~/components/settings/use-form-feedback";
import { DEBT_FAILURE, debtFormSchema } from "~/domain/debts/forms";
import { isFormReply } from "~/domain/form-reply";
import type { DebtStrategies, PlanSchedule } from "~/domain/debts/views";
import { packJson, unpackJson, type PackedJson } from "~/domain/packed-json";
import { memberBudgetIdOf, requirePageUser, rideWithSessionLookup } from "~/server/auth/session.server";
import { requireBudget } from "~/server/budget.server";
import { addDebt, applyStrategy, debtPageQueries, deleteDebt, getDebtStrategies, updateDebt } from "~/server/debts/debts.server";
import { formFailure, redirectWithFlash, submitForm } from "~/server/form-action.server";

export const meta: MetaFunction = () => [{ title: "Debt Management · Hearth Budget" }];

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "debts", label: "My Debts" },
  { value: "strategies", label: "Payoff Strategies" },
  { value: "calculator", label: "Calculator" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The page's queries go out in the session lookup's batch: one D1 round trip for the page view.
  const ridden = rideWithSessionLookup(app, request, (hash) => debtPageQueries(app, memberBudgetIdOf(app, hash)));
  const user = await requirePageUser(app, request);
  const url = new URL(request.url);
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = TABS.some((t) => t.value === tabParam) ? (tabParam as Tab) : "overview";
  const target = url.searchParams.get("target") ?? "";
  const calculator: CalculatorQuery = {
    strategy: url.searchParams.get("strategy") === "snowball" ? "snowball" : "avalanche",
    extra: (url.searchParams.get("extra") ?? "0").slice(0, 20),
    target: /^\d{4}-\d{2}$/.test(target) ? target : "",
  };
  const fullSchedule = url.searchParams.get("schedule") === "all";
  const access = await requireBudget(app, user);
  const data = await getDebtStrategies(app, access, fullSchedule ? "all" : SCHEDULE_PREVIEW_MONTHS, await ridden);
  const viewer = { userId: user.id, isOwner: access.role === "owner" };
  // The plan's schedule (numbers for every debt in every month shown) travels as one JSON string; the screen
  // puts it back in place (see packed-json.ts).
  const schedule = data.plan?.schedule ? packJson(data.plan.schedule) : null;
  const sent: DebtStrategies = data.plan ? { ...data, plan: { ...data.plan, schedule: null } } : data;
  return { data: sent, schedule, tab, calculator, fullSchedule, viewer };
}

const BACK_TO: Record<string, Tab> = { "add-debt": "debts", "update-debt": "debts", "delete-debt": "debts", "apply-strategy": "strategies" };

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  const submission = await submitForm(request, debtFormSchema);
  if (!submission.ok) return submission.reply;
  const { data, values } = submission;
  const access = await requireBudget(app, user);
  const to = `/debt-management?tab=${BACK_TO[data.intent]}`;
  if (data.intent === "add-debt" || data.intent === "update-debt") {
    const input = {
      name: data.name,
      type: data.type,
      currentBalance: data.currentBalance,
      interestRate: data.interestRatePercent,
      minimumPayment: data.minimumPayment,
      currentPayment: data.currentPayment,
      creditor: data.creditor,
      paymentDueDate: data.paymentDueDate,
    };
    const result = data.intent === "add-debt" ? await addDebt(app, user, access, input) : await updateDebt(app, user, access, data.debtId, input);
    if (!result.ok) return formFailure(values, result.message, { status: result.status, intent: data.intent });
    return redirectWithFlash(app, request, to, { title: data.intent === "add-debt" ? "Debt Added" : "Debt Updated", description: result.value.name });
  }
  if (data.intent === "delete-debt") {
    const result = await deleteDebt(app, user, access, data.debtId);
    if (!result.ok) return formFailure(values, result.message, { status: result.status, intent: data.intent });
    return redirectWithFlash(app, request, to, { title: "Debt Deleted" });
  }
  const result = await applyStrategy(app, user, access, { strategyType: data.strategyType, extraPaymentAmount: data.extraPaymentAmount });
  if (!result.ok) return formFailure(values, result.message, { status: result.status, intent: data.intent });
  return redirectWithFlash(app, request, to, { title: "Strategy Applied", description: "Your budget now includes the extra debt payment." });
}

/** The page's data with the plan's schedule unpacked into its place. */
function withSchedule(data: DebtStrategies, schedule: PackedJson<PlanSchedule> | null): DebtStrategies {
  return data.plan && schedule ? { ...data, plan: { ...data.plan, schedule: unpackJson(schedule) } } : data;
}

export default function DebtManagementScreen() {
  const loaded = useLoaderData<typeof loader>();
  const { tab, calculator, fullSchedule, viewer } = loaded;
  const data = useMemo(() => withSchedule(loaded.data, loaded.schedule), [loaded.data, loaded.schedule]);
  const actionData = useActionData<typeof action>();
  const reply = isFormReply(actionData) ? actionData : null;
  useFormFeedback(reply, DEBT_FAILURE);
  // A refused form reopens its own tab.
  const initial: Tab = reply?.intent ? (BACK_TO[reply.intent] ?? tab) : tab;
  const [active, select] = useLinkTab<Tab>(initial);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Debt Management</h1>
      <p className="mt-1 text-sm text-slate-600">Track your debts, compare payoff strategies and plan your way to debt-free.</p>
      <Tabs.Root value={active} onValueChange={select} className="mt-4">
        <LinkTabsList label="Debt management" tabs={TABS} />
        <Tabs.Content value="overview" className="pt-4">
          <OverviewTab data={data} />
        </Tabs.Content>
        <Tabs.Content value="debts" className="pt-4">
          <DebtsTab data={data} reply={reply} canChange={(d) => viewer.isOwner || d.addedBy === viewer.userId} />
        </Tabs.Content>
        <Tabs.Content value="strategies" className="pt-4">
          <StrategiesTab data={data} reply={reply?.intent === "apply-strategy" ? reply : null} fullSchedule={fullSchedule} canApply={viewer.isOwner} />
        </Tabs.Content>
        <Tabs.Content value="calculator" className="pt-4">
          <CalculatorTab data={data} query={calculator} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
