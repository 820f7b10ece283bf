// "seventy five cents" → "75 cents", "a hundred bucks" → "100 bucks": spelled-out numbers become digits
// before amounts are read, so one scanner handles both.

const UNITS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, grand: 1000 };

const WORD = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|grand";
// A run of number words, allowing "and" and hyphens inside ("one hundred and twenty-five"), optionally led by "a".
const RUN = new RegExp(`\\b(?:(?:a|an)\\s+(?=(?:hundred|thousand|grand|dollar|buck|couple)\\b))?(?:${WORD})(?:(?:\\s+|-|\\s+and\\s+)(?:${WORD}))*\\b`, "gi");
const QUICK = /zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|teen|twenty|thirty|fort|fifty|sixty|seventy|eighty|ninety|hundred|thousand|grand|a dollar|a buck|couple/i;

function valueOf(run: string): number | null {
  const words = run.toLowerCase().replace(/-/g, " ").split(/\s+/).filter((w) => w && w !== "and");
  let total = 0;
  let current = 0;
  let seen = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    // "twelve fifty" / "five twenty-five": dollars then cents, said the way prices are.
    if (w in TENS && total === 0 && current > 0 && current < 100) {
      const rest = valueOf(words.slice(i).join(" "));
      if (rest !== null && rest >= 10 && rest < 100) return current + rest / 100;
      return null;
    }
    if (w === "a" || w === "an") {
      current = current || 1;
      continue;
    }
    if (w in UNITS) current += UNITS[w];
    else if (w in TENS) current += TENS[w];
    else if (w in SCALES) {
      const scale = SCALES[w];
      current = (current || 1) * scale;
      if (scale >= 1000) {
        total += current;
        current = 0;
      }
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

/** Replaces spelled-out numbers with digits; "a dollar"/"a buck" become "1 dollar"/"1 buck". */
export function digitizeNumberWords(text: string): string {
  if (!QUICK.test(text)) return text;
  let out = text.replace(/\b(a|one)\s+(dollar|buck)\b/gi, "1 $2").replace(/\ba couple(?: of)?\s+(dollars|bucks)\b/gi, "2 $1");
  out = out.replace(RUN, (run) => {
    // "one" alone before a noun is usually "one coffee": keep it a number (a quantity) all the same.
    const value = valueOf(run);
    if (value === null) return run;
    return Number.isInteger(value) ? String(value) : value.toFixed(2);
  });
  // "a dollar fifty" / "two dollars twenty five": dollars, then cents without the word.
  out = out.replace(/\b(\d+) (dollars?|bucks?) (\d{2})\b(?!\s*(?:dollars?|bucks?|cents?|[.,]\d))/gi, (_m, d: string, unit: string, c: string) => `${d}.${c} ${unit}`);
  return out;
}
