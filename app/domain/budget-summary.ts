// The budget's figures as the server sends them to every screen (GET /api/budget, the budget page, the
// chat's header): money as decimal strings, dates as YYYY-MM-DD in the budget's time zone.

export interface BudgetSummary {
  id: string;
  name: string;
  totalIncome: string;
  fixedExpenses: string;
  spendableAmount: string;
  spent: string;
  left: string;
  perDay: string;
  daysLeft: number;
  onTrack: boolean;
  resetDay: number;
  periodStart: string;
  timeZone: string;
  today: string;
  role: "owner" | "member";
  memberCount: number;
}
