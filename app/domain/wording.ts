// Spec part 1 §1: with languagePreference "saving" the figure that is left reads as saved. Issue 22 #10
// narrows the spec's word list so every sentence stays true: what is saved is what is left (left,
// remaining, left to spend, spendable); money spent is still spent, so "spent", "spend" and "spending"
// are never rewritten ("You've saved $782 of your saveable amount" described money that was spent).
export type LanguagePreference = "spending" | "saving";

const PHRASES: Array<[RegExp, string]> = [
  // "saved this month each month" would say the period twice (the debt page's figure, onboarding's intro).
  [/left to spend each month/gi, "saved each month"],
  [/left to spend each day/gi, "saved each day"],
  [/left-to-spend/gi, "saved-this-month"],
  [/Left to Spend/g, "Saved this Month"],
  [/left to spend/gi, "saved this month"],
  [/left over/gi, "saved"],
  [/Spendable Amount/g, "Saveable Amount"],
  [/Spendable/g, "Saveable"],
  [/spendable/g, "saveable"],
];

// "left" and "remaining" read as "saved" only where they mean money still to use: after an amount
// ("$80 left", "($80 left)"), in a question about it ("how much is left?", "what's left"), or before
// the period ("remaining this month"). Elsewhere they keep their plain sense: "transfers are left out",
// "You Left the Budget", "no daily allowance left", "3 days remaining" never become "saved".
const MONEY_LEFT = /(\$\s?[\d,]+(?:\.\d+)?\s+|\b(?:is|what's|whats|anything|money|much)\s+)(left|remaining)\b|\b(left|remaining)(?=\s+(?:this|for this)\s+(?:month|period|cycle)\b)/gi;

function matchCase(source: string, replacement: string): string {
  if (source === source.toUpperCase()) return replacement.toUpperCase();
  if (source[0] === source[0].toUpperCase()) return replacement[0].toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Rewrites spending vocabulary into saving vocabulary when the user prefers it. */
export function applyWording(text: string, preference: LanguagePreference): string {
  if (preference !== "saving") return text;
  let out = text;
  for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, (found) => matchCase(found, replacement));
  return out.replace(MONEY_LEFT, (_found, before: string | undefined, word: string | undefined, alone: string | undefined) =>
    before !== undefined && word !== undefined ? `${before}${matchCase(word, "saved")}` : matchCase(alone ?? "", "saved"),
  );
}
