// Spec part 1 §1: with languagePreference "saving" the figure that is left reads as saved. Issue 22 #10
// narrows the spec's word list so every sentence stays true: what is saved is what is left (left,
// remaining, left to spend, spendable); money spent is still spent, so "spent", "spend" and "spending"
// are never rewritten ("You've saved $782 of your saveable amount" described money that was spent).
export type LanguagePreference = "spending" | "saving";

const PHRASES: Array<[RegExp, string]> = [
  [/Left to Spend/g, "Saved this Month"],
  [/left to spend/gi, "saved this month"],
  [/left over/gi, "saved"],
  [/Spendable Amount/g, "Saveable Amount"],
  [/Spendable/g, "Saveable"],
  [/spendable/g, "saveable"],
];

const WORDS: Record<string, string> = {
  left: "saved",
  remaining: "saved",
};

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
  return out.replace(/\b(left|remaining)\b/gi, (word) =>
    matchCase(word, WORDS[word.toLowerCase()] ?? word),
  );
}
