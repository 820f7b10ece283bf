import { describe, expect, it } from "vitest";
import { interpret } from "~/domain/assistant";
import { DEVELOPMENT, DEVELOPMENT_TODAY } from "./assistant-utterances/development";
import { DEVELOPMENT_LEXICON, DEVELOPMENT_LEXICON_TODAY } from "./assistant-utterances/development-lexicon";
import { score, type Score } from "./assistant-utterances/expect";
import { HELD_OUT, HELD_OUT_TODAY } from "./assistant-utterances/held-out";
import { HELD_OUT_2, HELD_OUT_2_TODAY } from "./assistant-utterances/held-out-2";
import { HELD_OUT_3, HELD_OUT_3_TODAY } from "./assistant-utterances/held-out-3";
import { HELD_OUT_4, HELD_OUT_4_TODAY } from "./assistant-utterances/held-out-4";
import { HELD_OUT_5, HELD_OUT_5_TODAY } from "./assistant-utterances/held-out-5";
import { HELD_OUT_6, HELD_OUT_6_TODAY } from "./assistant-utterances/held-out-6";
import { HELD_OUT_7, HELD_OUT_7_TODAY } from "./assistant-utterances/held-out-7";
import { KINDS, KINDS_TODAY } from "./assistant-utterances/kinds";

// The rules engine measured on the development table (tuned on), on held-out 1, 2 and 3 (each written first
// and scored blind, then tuned on once its misses were read, so all three are development data now) and on
// the kinds table (many phrasings of each kind of miss held-out 3 showed). Each prints its exact accuracy, its false logs (money logged that was not spent, or logged without
// asking) and every miss. How the engine does on phrasing it has never seen is judged by a set kept outside
// the repository; these floors only keep what was reached.

function report(name: string, s: Score): void {
  console.log(`assistant ${name} accuracy: ${((s.exact / s.total) * 100).toFixed(1)}% (${s.exact}/${s.total}), false logs: ${s.falseLogs.length}`);
  if (s.falseLogs.length) console.log(`${name} false logs:\n${s.falseLogs.join("\n")}`);
  if (s.misses.length) console.log(`${name} misses:\n${s.misses.join("\n")}`);
}

describe("rules engine utterance tables", () => {
  const development = score(DEVELOPMENT, (t) => interpret(t, { today: DEVELOPMENT_TODAY }));
  const lexicon = score(DEVELOPMENT_LEXICON, (t) => interpret(t, { today: DEVELOPMENT_LEXICON_TODAY }));
  const heldOut = score(HELD_OUT, (t) => interpret(t, { today: HELD_OUT_TODAY }));
  const heldOut2 = score(HELD_OUT_2, (t) => interpret(t, { today: HELD_OUT_2_TODAY }));
  const heldOut3 = score(HELD_OUT_3, (t) => interpret(t, { today: HELD_OUT_3_TODAY }));
  const kinds = score(KINDS, (t) => interpret(t, { today: KINDS_TODAY }));
  const heldOut4 = score(HELD_OUT_4, (t) => interpret(t, { today: HELD_OUT_4_TODAY }));
  const heldOut5 = score(HELD_OUT_5, (t) => interpret(t, { today: HELD_OUT_5_TODAY }));
  const heldOut6 = score(HELD_OUT_6, (t) => interpret(t, { today: HELD_OUT_6_TODAY }));
  const heldOut7 = score(HELD_OUT_7, (t) => interpret(t, { today: HELD_OUT_7_TODAY }));

  it("has a development table and a held-out table of at least 200 lines", () => {
    expect(DEVELOPMENT.length).toBeGreaterThanOrEqual(250);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(200);
    const dev = new Set(DEVELOPMENT.map(([t]) => t.toLowerCase()));
    expect(HELD_OUT.filter(([t]) => dev.has(t.toLowerCase()))).toEqual([]);
    expect(HELD_OUT_2.length).toBeGreaterThanOrEqual(120);
    const seen = new Set([...dev, ...HELD_OUT.map(([t]) => t.toLowerCase())]);
    expect(HELD_OUT_2.filter(([t]) => seen.has(t.toLowerCase()))).toEqual([]);
    expect(HELD_OUT_3.length).toBeGreaterThanOrEqual(200);
    const seen3 = new Set([...seen, ...HELD_OUT_2.map(([t]) => t.toLowerCase())]);
    expect(HELD_OUT_3.filter(([t]) => seen3.has(t.toLowerCase()))).toEqual([]);
    // The kinds table repeats no line of any other table: its phrasings are new.
    const seen4 = new Set([...seen3, ...HELD_OUT_3.map(([t]) => t.toLowerCase())]);
    expect(KINDS.filter(([t]) => seen4.has(t.toLowerCase()))).toEqual([]);
    const seen5 = new Set([...seen4, ...KINDS.map(([t]) => t.toLowerCase()), ...DEVELOPMENT_LEXICON.map(([t]) => t.toLowerCase())]);
    expect(HELD_OUT_4.length).toBeGreaterThanOrEqual(200);
    expect(HELD_OUT_4.filter(([t]) => seen5.has(t.toLowerCase()))).toEqual([]);
    const seen6 = new Set([...seen5, ...HELD_OUT_4.map(([t]) => t.toLowerCase())]);
    expect(HELD_OUT_5.length).toBeGreaterThanOrEqual(200);
    expect(HELD_OUT_5.filter(([t]) => seen6.has(t.toLowerCase()))).toEqual([]);
    const seen7 = new Set([...seen6, ...HELD_OUT_5.map(([t]) => t.toLowerCase())]);
    expect(HELD_OUT_6.length).toBeGreaterThanOrEqual(200);
    expect(HELD_OUT_6.filter(([t]) => seen7.has(t.toLowerCase()))).toEqual([]);
    const seen8 = new Set([...seen7, ...HELD_OUT_6.map(([t]) => t.toLowerCase())]);
    expect(HELD_OUT_7.length).toBeGreaterThanOrEqual(200);
    expect(HELD_OUT_7.filter(([t]) => seen8.has(t.toLowerCase()))).toEqual([]);
  });

  it("reads at least 97% of the development table exactly, with no false logs", () => {
    report("development", development);
    expect(development.exact / development.total).toBeGreaterThanOrEqual(0.97);
    expect(development.falseLogs).toEqual([]);
  });

  it("reads at least 97% of the lexicon-and-dates development table exactly, with no false logs", () => {
    report("development (lexicon and dates)", lexicon);
    expect(DEVELOPMENT_LEXICON.length).toBeGreaterThanOrEqual(300);
    expect(lexicon.exact / lexicon.total).toBeGreaterThanOrEqual(0.97);
    expect(lexicon.falseLogs).toEqual([]);
  });

  it("reads the held-out table (prints its accuracy and false logs; goal ≥ 97% and 0)", () => {
    report("held-out 1, tuned after its misses were read: development", heldOut);
    expect(heldOut.exact / heldOut.total).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
    expect(heldOut.falseLogs.length).toBeLessThanOrEqual(HELD_OUT_FALSE_LOG_CEILING);
  });

  it("reads held-out 2 (tuned after its misses were read): at least 97% exactly, with no false logs", () => {
    report("held-out 2, tuned after its misses were read: development", heldOut2);
    expect(heldOut2.exact / heldOut2.total).toBeGreaterThanOrEqual(0.97);
    expect(heldOut2.falseLogs).toEqual([]);
  });

  // Held-out 3 was written outside the repository by someone who read neither the engine nor its misses and
  // scored blind when added: 89.9% (258/287), 6 false logs. Tuned on since (its kinds, in kinds.ts), so it is
  // development data and gated like the rest.
  it("reads held-out 3 (tuned after its misses were read): at least 97% exactly, with no false logs", () => {
    report("held-out 3, tuned after its misses were read: development", heldOut3);
    expect(heldOut3.exact / heldOut3.total).toBeGreaterThanOrEqual(HELD_OUT_3_FLOOR);
    expect(heldOut3.falseLogs).toEqual([]);
  });

  it("reads the kinds table (many phrasings of each kind held-outs 3 to 6 missed): at least 97% exactly, with no false logs", () => {
    report("kinds", kinds);
    expect(kinds.exact / kinds.total).toBeGreaterThanOrEqual(0.97);
    expect(kinds.falseLogs).toEqual([]);
  });

  // Held-out 4 was written outside the repository, while held-out 3's misses were being tuned on, by someone who
  // read neither the engine, its lexicons nor its scores, and added untouched after that tuning stopped. Blind
  // score when added: 93.6% (309/330), 3 false logs ("spent 48 around noon" logged instead of asking what it was
  // for, "saw a 35 candle at anthropologie lol no", "we pay 1,450 rent every month" logged instead of offered as a
  // fixed expense). Tuned on since (its kinds, in kinds.ts), so it is development data and gated like the rest;
  // held-out 5 was written outside the repository first.
  it("reads held-out 4 (tuned after its misses were read): at least 97% exactly, with no false logs", () => {
    report("held-out 4, tuned after its misses were read: development", heldOut4);
    expect(heldOut4.exact / heldOut4.total).toBeGreaterThanOrEqual(0.97);
    expect(heldOut4.falseLogs).toEqual([]);
  });

  // Held-out 5 was written outside the repository, while held-out 4's misses were being tuned on, by someone who
  // read neither the engine, its lexicons nor its scores, and added untouched after that tuning stopped. Blind score
  // when added: 95.8% (274/286), 4 false logs ("big mac 699" logged instead of asking $6.99 or $699, "just browsing,
  // that lamp was 120", "gas is 3.19 at the costco", "give gas 200 for december"). Tuned on since (its kinds, in
  // kinds.ts, never its lines), so it is development data: no false logs allowed, its accuracy printed.
  it("reads held-out 5 (its kinds tuned on): no false logs; prints its accuracy", () => {
    report("held-out 5, its kinds tuned on: development", heldOut5);
    expect(heldOut5.total).toBe(HELD_OUT_5.length);
    expect(heldOut5.falseLogs).toEqual([]);
  });

  // Held-out 6 was written outside the repository while held-out 5 was measured, by someone who read neither the
  // engine, its lexicons nor its scores, and added untouched. Blind score when added: 95.5% (254/266), 0 false logs
  // (asks where it should log: "cookout 8.32", "gass 41", "marathon 43.67", "hotel 240 but points covered 100";
  // "looked at a 700 couch but passed" asked instead of logging nothing). Tuned on since (its kinds, in kinds.ts,
  // never its lines), so it is development data; a further set is written outside the repository to judge.
  it("reads held-out 6 (its kinds tuned on): no false logs; prints its accuracy", () => {
    report("held-out 6, its kinds tuned on: development", heldOut6);
    expect(heldOut6.total).toBe(HELD_OUT_6.length);
    expect(heldOut6.falseLogs).toEqual([]);
  });

  // Held-out 7 was written outside the repository while held-outs 5 and 6 were tuned on, by someone who read neither
  // the engine, its lexicons nor its scores, and added untouched after that tuning stopped. Measured only, never
  // gated. Blind score when added: 91.1% (266/292), 7 false logs: budgets set with "make" ("make dining 400 for december"),
  // prices seen ("turkey was 1.49/lb this year", "the ps5 is 399 on black friday", "costco hot dog still 1.50 lol"), a
  // recurring amount a quarter ("hoa is 275 a quarter"), an edit ("that 120 dentist should say 100") and an implausible
  // room price ("motel 8900"). Other misses: per-unit and "@" quantities ("2 nights 159/night", "3 @ 18", "4 hrs at
  // 18"), percent coupons, "/"-separated items, merchant short forms (amz, tar-jay, barnes n noble). Whoever reads
  // these misses to fix them has held-out 8, already written outside the repository, to measure after.
  it("measures held-out 7 (never tuned): prints its accuracy and false logs; goal ≥ 97% and 0", () => {
    report("held-out 7, never tuned", heldOut7);
    expect(heldOut7.total).toBe(HELD_OUT_7.length);
  });

  it("measures the parser's throughput on one core (prints messages per second; goal 5,000/s)", () => {
    const texts = [...DEVELOPMENT, ...HELD_OUT, ...KINDS].map(([t]) => t);
    const rounds = 5;
    // CPU time of this process, not wall time: on a shared machine the figure is per core actually used.
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (let r = 0; r < rounds; r++) for (const t of texts) interpret(t, { today: DEVELOPMENT_TODAY });
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const wallSeconds = (performance.now() - start) / 1000;
    const rate = (rounds * texts.length) / cpuSeconds;
    console.log(`assistant parser throughput: ${Math.round(rate)} messages per CPU-second (${Math.round((rounds * texts.length) / wallSeconds)}/s wall clock)`);
    expect(rate).toBeGreaterThan(0);
  }, 60_000);
});

// Raised as the engine improves; they only ever go up (held-out floor) or down (false-log ceiling).
const HELD_OUT_FLOOR = 0.97;
const HELD_OUT_FALSE_LOG_CEILING = 0;
const HELD_OUT_3_FLOOR = 0.97;
