// Spec part 1 §1: with languagePreference "saving" every user-facing word about spending changes.
export type LanguagePreference = "spending" | "saving";

const PHRASES: Array<[RegExp, string]> = [
  [/Left to Spend/g, "Saved this Month"],
  [/Spendable Amount/g, "Saveable Amount"],
  [/Spendable/g, "Saveable"],
  [/spendable/g, "saveable"],
];

const WORDS: Record<string, string> = {
  spent: "saved",
  spending: "saving",
  spend: "save",
  spender: "saver",
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
  for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, replacement);
  return out.replace(/\b(spent|spending|spender|spend|left|remaining)\b/gi, (word) =>
    matchCase(word, WORDS[word.toLowerCase()] ?? word),
  );
}
