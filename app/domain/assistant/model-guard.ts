import { findAmounts } from "./amounts";
import { resolveArithmetic } from "./arithmetic";
import type { Intent } from "./intents";
import { digitizeNumberWords } from "./number-words";

// The OpenAI path obeys the rules engine's evidence (issue 19 §6). The rules engine reads every message
// too; when the model's proposal would log and the evidence says "not spending", "ask first", or the
// amounts are not in the message, the user is asked before anything is logged.

const NOT_SPENDING = new Set<Intent["kind"]>(["noLog", "amend", "offerCredit", "offerFixed", "question", "undo", "correction", "guided"]);

// What the rules engine read as a specific action on money already known (a refund to take off an expense, a
// recurring bill to add, an edit, an undo, a question) is answered that way even when the model would log: a
// refund offered as "log it?" would turn money received into new spending (issue 19 §1).
const RULES_WIN = new Set<Intent["kind"]>(["amend", "offerCredit", "offerFixed", "question", "undo", "correction", "guided"]);

/** The figures a message states or implies (after tips, splits, quantities…), in cents. */
function statedAmounts(text: string): Set<number> {
  const plain = digitizeNumberWords(text);
  const cents = new Set<number>();
  for (const source of [plain, resolveArithmetic(plain)]) for (const a of findAmounts(source)) cents.add(a.cents);
  return cents;
}

export function guardProposal(model: Intent, rules: Intent, text: string): Intent {
  if (model.kind !== "expenses") {
    // The model may decline to log; a question it skipped is asked all the same.
    if (rules.kind === "ask" && (model.kind === "unknown" || model.kind === "noLog")) return rules;
    if (model.kind === "unknown") return rules;
    if (model.kind === "noLog" && rules.kind !== "expenses") return rules;
    return model;
  }
  if (rules.kind === "ask" || RULES_WIN.has(rules.kind)) return rules;
  const stated = statedAmounts(text);
  const invented = model.expenses.some((e) => !stated.has(e.amountCents));
  if (NOT_SPENDING.has(rules.kind) || invented) {
    const total = model.expenses.reduce((s, e) => s + e.amountCents, 0);
    const what = model.expenses.map((e) => e.description).join(", ");
    return {
      kind: "ask",
      reason: "what",
      prompt: `Should I log $${(total / 100).toFixed(2).replace(/\.00$/, "")} for ${what}? It didn't read like money you spent, so I haven't logged anything yet.`,
      options: [
        { label: "Yes, log it", expenses: model.expenses },
        { label: "Don't log it", expenses: [] },
      ],
    };
  }
  return model;
}
