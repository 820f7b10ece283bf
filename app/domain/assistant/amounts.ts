import { inNameWithDigits, numberInName } from "./categories";

// Finding the prices in a message: "$80", "80.5", "1,250", "20 bucks", "75 cents", "4.2k". A number that
// counts things ("2 coffees for 9", "3 bags of chips $6") is a quantity, not the price.

export interface AmountMention {
  start: number;
  end: number;
  cents: number;
  /** 3: "$"/a money word; 2: decimals or a price cue ("for 9", "paid 12"); 1: a bare number; 0: a likely quantity. */
  strength: number;
  unit: "dollars" | "cents" | null;
}

/** Units after a number that make it a measure, an age or a duration, never money ("30 mpg", "6 months old"). */
export const MEASURE_UNIT =
  /^\s*(?:years?|yrs?|yo|y\/o|months? old|weeks? old|weeks? pregnant|days? old|miles?|mi|mph|mpg|km|kms|kph|kilometers?|meters?|metres?|cm|mm|ft|feet|foot|inch(?:es)?|sq\.? ?ft|sqft|square (?:feet|foot|meters?)|acres?|gb|mb|tb|kb|gigs?|minutes?|mins?|hrs?|hours?|seconds?|secs?|lbs?|pounds?|kg|kilos?|grams?|oz|ounces?|gallons?|gal|liters?|litres?|kwh|watts?|degrees?|°|calories|cals?|steps|reps|laps|points|pts|followers|likes|views|subscribers|stars|percent|mg|ml)\b/i;

const NUMBER = /(\$\s*)?(?<![\w.,/:])((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d{1,2})(?:\s*(k)\b)?/g;
const AFTER_UNIT = /^\s*(dollars?|bucks?|usd|cents?|quid)\b/i;
const PRICE_CUES = new Set(["for", "was", "were", "cost", "costs", "costed", "paid", "pay", "spent", "spend", "spending", "is", "are", "be", "total", "totaling", "came", "to", "about", "around", "roughly", "like", "just", "only", "over", "under", "of", "it", "another", "=", "@", "each", "bill", "charged", "dropped", "blew", "$"]);
// Words after a number that say it was a price, not a count ("40 on gas", "12 yesterday").
const PRICE_FOLLOWERS = new Set(["on", "for", "at", "in", "and", "&", "to", "with", "from", "today", "yesterday", "tonight", "last", "this", "plus", "+", "or", "total", "each", "ea", "per", "a", "an", "the", "my", "our", "worth", "of", "into", "towards", "toward", "via", "using", "by", "earlier", "so", "but", "then", "i", "we", "just", "this", "that", "tip", "tax", "back", "there", "home"]);
const QUANTITY_PRECEDERS = new Set(["bought", "buy", "got", "get", "had", "have", "ordered", "order", "grabbed", "grab", "picked", "purchased", "and", "&", "with", "plus", "for", "of", "ate", "drank", "rented", "took", "booked", "x"]);
const UNIT_NOUNS = /^(?:x\b|pack|packs|bags?|boxes|box|bottles?|cans?|cases?|pairs?|pieces?|pcs|items?|gallons?|gal|lbs?|pounds?|kg|oz|ounces?|liters?|dozen|rolls?|tickets?|slices?|cups?|rounds?|pints?|tacos|coffees|beers|drinks|shirts|books|games|movies|nights?|hours?|hrs?|months?|weeks?|days?|people|kids|adults|persons?|guys)$/i;

const HEADS_AFTER = /^\s*(?:of us|of them|of my friends|people|persons|adults|guests|kids|children|friends|coworkers|co-workers|colleagues|buddies|cousins|family members|others)\b/i;
// "lunch for the team of 5", "a family of 4", "party of 6": a head count.
const HEADS_BEFORE = /\b(?:family|party|group|household|team|crew|litter|class|gang|bunch|squad|office|department|dept|staff|table|troop|pack) of\s*$/i;
const NAME_BEFORE_WORDS = new Set(["size", "route", "rt", "hwy", "highway", "interstate", "apt", "gate", "flight", "model", "version", "iphone", "galaxy", "pixel", "ps", "series", "gen", "grade", "level", "season", "episode", "chapter", "vol", "volume", "seat", "row", "platform", "track", "channel", "exit", "#", "no", "number"]);

function wordBefore(text: string, index: number): string {
  const m = /([^\s]+)\s*$/.exec(text.slice(Math.max(0, index - 30), index));
  return m ? m[1].toLowerCase().replace(/[^a-z&=@$+]/g, "") : "";
}

function wordAfter(text: string, index: number): string {
  const m = /^\s*([^\s]+)/.exec(text.slice(index, index + 30));
  return m ? m[1].toLowerCase().replace(/[^a-z&+%]/g, "") : "";
}

/**
 * Prices in `text`, in order. `masked` is the same text with date phrases blanked out, so "the 3rd" or
 * "11/20" are never read as prices.
 */
export function findAmounts(masked: string): AmountMention[] {
  const raw: AmountMention[] = [];
  for (const match of masked.matchAll(NUMBER)) {
    const start = match.index ?? 0;
    let end = start + match[0].length;
    const numberText = match[2].replace(/,/g, "");
    let value = Number(numberText);
    if (!Number.isFinite(value)) continue;
    // Part of a name or size ("wd-40", "4k tv", "a 3/8 socket", "toll on 95"): categories.ts decides.
    if (numberInName(masked, start, end)) continue;
    let rest = masked.slice(end);
    // "12ish": about 12.
    if (/^ish\b/i.test(rest)) {
      end += 3;
      rest = masked.slice(end);
    }
    // Times, percentages, ordinals, measures, "2x", "3pm": not prices.
    if (!AFTER_UNIT.test(rest) && /^(?:[a-z]|%|:\d|-[a-z0-9])/i.test(rest)) continue;
    if (/^\s+(?:am|pm|a\.m|p\.m|%|percent|o'?clock)\b/i.test(rest) || MEASURE_UNIT.test(rest)) continue;
    let strength = 1;
    let unit: AmountMention["unit"] = null;
    const hasDollar = Boolean(match[1]);
    if (hasDollar) {
      strength = 3;
      unit = "dollars";
    }
    if (match[3]) {
      value *= 1000;
      strength = 3;
    }
    const unitMatch = AFTER_UNIT.exec(rest);
    if (unitMatch) {
      const u = unitMatch[1].toLowerCase();
      end += unitMatch[0].length;
      strength = 3;
      if (u.startsWith("cent")) {
        unit = "cents";
        value = value / 100;
      } else unit = "dollars";
    }
    if (strength < 3 && numberText.includes(".")) strength = 2;
    const before = wordBefore(masked, start);
    const restText = masked.slice(end);
    // Heads, sizes and names beside a price are never the price: "the 2 of us ate for 46", "dinner for 2 at
    // 60", "size 10 shoes 80", "2 for 1 pizza 15". Weakest strength: they give way when a price is there too.
    if (!hasDollar && !unitMatch && Number.isInteger(value) && value <= 99) {
      if (inNameWithDigits(masked, start, end) || HEADS_AFTER.test(restText) || (before === "us" && value >= 2 && value <= 20 && !/\b(?:cost|charged|paid|owes?|owed|gave|sent|set)\s+us\s*$/i.test(masked.slice(0, start))) || (before === "for" && value <= 12 && /\b(?:table|party|reservation|dinner|lunch|brunch|breakfast|tickets?|seats?)\s+for\s*$/i.test(masked.slice(0, start))) || (before === "for" && /^\s+(?:at|@)\s*\$?\d/i.test(restText)) || NAME_BEFORE_WORDS.has(before) || HEADS_BEFORE.test(masked.slice(Math.max(0, start - 40), start)) || (/^\s*for\s+[1-5]\b/i.test(restText) && value <= 5) || (before === "for" && value <= 5 && Number(/\b([1-5])\s+for\s*$/i.exec(masked.slice(0, start))?.[1] ?? 0) >= value)) {
        raw.push({ start, end, cents: Math.round(value * 100), strength: 0, unit });
        continue;
      }
    }
    // "movie for 2 30", "coffee 2 for 9": a head count or a count of things right before the price.
    if (!hasDollar && !unitMatch && Number.isInteger(value) && value >= 1 && value <= 12) {
      const next = /^\s*(?:for\s+)?\$?(\d+(?:\.\d+)?)\s*(?:dollars?|bucks?)?\s*(?:[.,!;)]|$|at\b|on\b|from\b|today\b|yesterday\b)/i.exec(restText);
      const headsFor = before === "for" && next && !/^\s*for\b/i.test(restText);
      const countFor = !!next && /^\s*for\s/i.test(restText) && Number(next[1]) > value;
      if (next && (headsFor || countFor)) {
        raw.push({ start, end, cents: Math.round(value * 100), strength: 0, unit });
        continue;
      }
    }
    // "spent 20 at 5", "paid 18 around 3": a clock hour after a price, not a second price.
    if (!hasDollar && !unitMatch && (before === "at" || (before === "around" && raw.length > 0 && /^\s*around\s*$/i.test(masked.slice(raw[raw.length - 1].end, start)))) && Number.isInteger(value) && value >= 1 && value <= 12 && raw.some((a) => a.strength >= 1) && /^\s*(?:[.!?]|$|tonight|today|this|ish|sharp|last|yesterday)/i.test(restText)) continue;
    if (strength < 2 && PRICE_CUES.has(before)) strength = 2;
    if (strength === 1) {
      const after = wordAfter(masked, end);
      const atEnd = /^\s*(?:[.,!;)]|$)/.test(masked.slice(end));
      // A whole number followed by a noun and led by nothing or a buying verb counts things ("2 coffees").
      if (!atEnd && after && !PRICE_FOLLOWERS.has(after) && /^[a-z]/.test(after) && Number.isInteger(value) && value <= 99) {
        if (before === "" || QUANTITY_PRECEDERS.has(before) || UNIT_NOUNS.test(after)) strength = 0;
      }
    }
    raw.push({ start, end, cents: Math.round(value * 100), strength, unit });
  }
  // "20 dollars and 50 cents", "4 dollars 50", "6 bucks 25" are one price.
  const merged: AmountMention[] = [];
  for (const a of raw) {
    const prev = merged[merged.length - 1];
    const gapOnly = prev && (prev.unit === "dollars" || (a.unit === "cents" && prev.unit === null && /^\s*and\s*$/i.test(masked.slice(prev.end, a.start)) && /^\s*(?:[.,!;)]|$)/.test(masked.slice(a.end)))) && /^\s*(?:and\s*)?$/i.test(masked.slice(prev.end, a.start));
    const cents = gapOnly && a.unit === null && /^\d\d$/.test(masked.slice(a.start, a.end)) && !/\$/.test(masked.slice(prev.start, prev.end)) && /^\s*(?:[.,!;)]|$|(?:today|yesterday|tonight|this|last|at|on|for|earlier|this morning)\b)/i.test(masked.slice(a.end));
    if (cents) merged[merged.length - 1] = { ...prev, end: a.end, cents: prev.cents + a.cents / 100 };
    else if (gapOnly && a.unit === "cents" && a.cents < 100) {
      merged[merged.length - 1] = { ...prev, end: a.end, cents: prev.cents + a.cents };
    } else merged.push(a);
  }
  if (merged.length <= 1) return merged.filter((a) => a.cents > 0);
  // Quantities only give way when a real price is there too.
  const priced = merged.filter((a) => a.strength >= 1);
  return (priced.length > 0 ? priced : merged).filter((a) => a.cents > 0);
}
