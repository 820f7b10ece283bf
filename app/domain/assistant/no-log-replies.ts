import { formatUSDWhole } from "../money";
import type { NoLogReason } from "./intents";
import type { BudgetFigures } from "./replies";

// What the assistant says when a message with a number is not spending (issue 19 §1): nothing was logged,
// and where that money belongs instead. Whole dollars, the chat's money format.

export function noLogReply(reason: NoLogReason, figures: BudgetFigures | null, amountCents?: number): string {
  const left = figures && (figures.totalIncomeCents > 0 || figures.spendableCents !== 0) ? ` Left to Spend: ${formatUSDWhole(figures.leftCents)}.` : "";
  switch (reason) {
    case "budgetSetting":
      return "I didn't log that as spending. Your spendable amount is your income minus fixed expenses: change those lines on the Budget page, and I'll keep the daily figure in step.";
    case "reminder":
      return "I can't set reminders yet, and nothing was logged. Add a bill you pay every month as a fixed expense on the Budget page.";
    case "received":
      return "Money coming in isn't spending, so nothing was logged. Regular income belongs under Income Sources on the Budget page; a refund for something you logged can be taken off that expense (for example \"remove the amazon one\").";
    case "transfer":
      return "Moving money between your own accounts (savings, cash, a card payment) isn't spending, so nothing was logged.";
    case "plan":
      return `Nothing logged, since it hasn't happened yet.${amountCents ? ` Ask "can I afford ${formatUSDWhole(amountCents)}?" to see how it fits, and tell me once you've paid.` : " Tell me once you've paid."}${left}`;
    case "fact":
      return 'Noted. That doesn\'t sound like a purchase, so nothing was logged. To log spending, send it like "groceries $80".';
    case "chatter":
      return "😊 Log an expense or ask how you're doing anytime.";
    case "declined":
      return `Nothing logged, since you didn't buy it.${left}`;
    case "saved":
      return `Nice saving! Money you kept isn't spending, so nothing was logged.${left}`;
    case "covered":
      return "Paid by work, a client or insurance isn't the household's spending, so nothing was logged. If you paid first and get paid back later, log it and tell me when the money comes in.";
    case "noSpend":
      return `Nice, a no-spend day! Nothing logged.${left}`;
  }
}
