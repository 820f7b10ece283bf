// Scenarios for the Plaid test double: the accounts and transactions an Item holds when it is linked.
// Shapes follow Plaid's API reference (Transaction, AccountBase); dates are relative to `today` so a
// scenario always lands in the budget's current period and the months before it.

export interface DoubleAccount {
  account_id: string;
  balances: { available: number | null; current: number | null; iso_currency_code: string; limit: number | null; unofficial_currency_code: null };
  mask: string;
  name: string;
  official_name: string | null;
  persistent_account_id?: string;
  subtype: string;
  type: string;
  holder_category?: string;
}

export interface DoubleTransaction {
  account_id: string;
  account_owner: null;
  amount: number;
  authorized_date: string | null;
  authorized_datetime: null;
  category: null;
  category_id: null;
  check_number: null;
  counterparties: Array<{ name: string; type: string; confidence_level: string; entity_id: null; logo_url: null; website: null }>;
  date: string;
  datetime: null;
  iso_currency_code: string;
  location: { address: null; city: null; country: null; lat: null; lon: null; postal_code: null; region: null; store_number: null };
  logo_url: null;
  merchant_entity_id: null;
  merchant_name: string | null;
  name: string;
  payment_channel: "online" | "in store" | "other";
  payment_meta: { by_order_of: null; payee: null; payer: null; payment_method: null; payment_processor: null; ppd_id: null; reason: null; reference_number: null };
  pending: boolean;
  pending_transaction_id: string | null;
  personal_finance_category: { primary: string; detailed: string; confidence_level: string } | null;
  personal_finance_category_icon_url: string | null;
  transaction_code: null;
  transaction_id: string;
  transaction_type: "place" | "digital" | "special" | "unresolved";
  unofficial_currency_code: null;
  website: null;
}

export interface ScenarioData {
  institution: { institution_id: string; name: string };
  accounts: DoubleAccount[];
  transactions: DoubleTransaction[];
}

/** A scenario builds an Item's data; `seq` makes its ids unique per Item (Plaid's ids are per Item). */
export type Scenario = (ctx: { seq: number; today: string }) => ScenarioData;

export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function account(id: string, mask: string, name: string, official: string, type: string, subtype: string, current: number, available: number | null): DoubleAccount {
  return {
    account_id: id,
    balances: { available, current, iso_currency_code: "USD", limit: type === "credit" ? 5000 : null, unofficial_currency_code: null },
    mask,
    name,
    official_name: official,
    persistent_account_id: `persist-${id}`,
    subtype,
    type,
    holder_category: "personal",
  };
}

export interface TxnSpec {
  id: string;
  account: string;
  date: string;
  amount: number;
  name: string;
  merchant?: string | null;
  pfc?: [string, string] | null;
  pending?: boolean;
  pendingId?: string | null;
}

export function transaction(spec: TxnSpec): DoubleTransaction {
  const merchant = spec.merchant === undefined ? null : spec.merchant;
  return {
    account_id: spec.account,
    account_owner: null,
    amount: spec.amount,
    authorized_date: spec.date,
    authorized_datetime: null,
    category: null,
    category_id: null,
    check_number: null,
    counterparties: merchant ? [{ name: merchant, type: "merchant", confidence_level: "VERY_HIGH", entity_id: null, logo_url: null, website: null }] : [],
    date: spec.date,
    datetime: null,
    iso_currency_code: "USD",
    location: { address: null, city: null, country: null, lat: null, lon: null, postal_code: null, region: null, store_number: null },
    logo_url: null,
    merchant_entity_id: null,
    merchant_name: merchant,
    name: spec.name,
    payment_channel: merchant ? "in store" : "other",
    payment_meta: { by_order_of: null, payee: null, payer: null, payment_method: null, payment_processor: null, ppd_id: null, reason: null, reference_number: null },
    pending: spec.pending ?? false,
    pending_transaction_id: spec.pendingId ?? null,
    personal_finance_category: spec.pfc ? { primary: spec.pfc[0], detailed: spec.pfc[1], confidence_level: "VERY_HIGH" } : null,
    personal_finance_category_icon_url: null,
    transaction_code: null,
    transaction_id: spec.id,
    transaction_type: merchant ? "place" : "special",
    unofficial_currency_code: null,
    website: null,
  };
}

/**
 * A household's month (checking 0000, savings 1111, credit card 3333 at "First Platypus Bank"): payroll,
 * interest and a refund (money in), a card payment and a savings transfer (both legs), rent, Netflix (a
 * fixed bill), groceries, dining, a ride, a pending coffee, and a purchase 45 days back (history).
 */
export const household: Scenario = ({ seq, today }) => {
  const d = (n: number) => shiftDay(today, -n);
  const chk = `chk-${seq}`;
  const sav = `sav-${seq}`;
  const card = `card-${seq}`;
  const t = (id: string) => `${id}-${seq}`;
  return {
    institution: { institution_id: "ins_109508", name: "First Platypus Bank" },
    accounts: [
      account(chk, "0000", "Plaid Checking", "Plaid Gold Standard 0% Interest Checking", "depository", "checking", 2410.55, 2310.55),
      account(sav, "1111", "Plaid Saving", "Plaid Silver Standard 0.1% Interest Saving", "depository", "savings", 5200, 5200),
      account(card, "3333", "Plaid Credit Card", "Plaid Diamond 12.5% APR Interest Credit Card", "credit", "credit card", 410.24, null),
    ],
    transactions: [
      transaction({ id: t("payroll"), account: chk, date: d(0), amount: -2500, name: "ACME CORP PAYROLL", pfc: ["INCOME", "INCOME_WAGES"] }),
      transaction({ id: t("interest"), account: sav, date: d(0), amount: -1.25, name: "INTEREST PAYMENT", pfc: ["INCOME", "INCOME_INTEREST_EARNED"] }),
      transaction({ id: t("refund"), account: card, date: d(0), amount: -25, name: "AMAZON MKTPL REFUND", merchant: "Amazon", pfc: ["GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES"] }),
      transaction({ id: t("ccpay-out"), account: chk, date: d(0), amount: 500, name: "CREDIT CARD 3333 PAYMENT", pfc: ["LOAN_PAYMENTS", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"] }),
      transaction({ id: t("ccpay-in"), account: card, date: d(0), amount: -500, name: "PAYMENT - THANK YOU", pfc: ["TRANSFER_IN", "TRANSFER_IN_ACCOUNT_TRANSFER"] }),
      transaction({ id: t("save-out"), account: chk, date: d(0), amount: 200, name: "ONLINE TRANSFER TO SAV 1111" }),
      transaction({ id: t("save-in"), account: sav, date: d(0), amount: -200, name: "ONLINE TRANSFER FROM CHK 0000" }),
      transaction({ id: t("rent"), account: chk, date: d(0), amount: 1500, name: "OAKWOOD APTS RENT", merchant: "Oakwood Apartments", pfc: ["RENT_AND_UTILITIES", "RENT_AND_UTILITIES_RENT"] }),
      transaction({ id: t("netflix"), account: card, date: d(0), amount: 15.49, name: "NETFLIX.COM", merchant: "Netflix", pfc: ["ENTERTAINMENT", "ENTERTAINMENT_TV_AND_MOVIES"] }),
      transaction({ id: t("groceries"), account: card, date: d(0), amount: 84.12, name: "WHOLEFDS MKT 10234", merchant: "Whole Foods Market", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES"] }),
      transaction({ id: t("dinner"), account: card, date: d(0), amount: 58.3, name: "OLIVE GARDEN 1123", merchant: "Olive Garden", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_RESTAURANT"] }),
      transaction({ id: t("uber"), account: card, date: d(0), amount: 23.1, name: "UBER TRIP", merchant: "Uber", pfc: ["TRANSPORTATION", "TRANSPORTATION_TAXIS_AND_RIDE_SHARES"] }),
      transaction({ id: t("coffee-pending"), account: card, date: d(0), amount: 6.45, name: "STARBUCKS STORE 0421", merchant: "Starbucks", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE"], pending: true }),
      transaction({ id: t("gas-old"), account: card, date: d(45), amount: 42, name: "SHELL OIL 5741", merchant: "Shell", pfc: ["TRANSPORTATION", "TRANSPORTATION_GAS"] }),
    ],
  };
};

/** Deterministic pseudo-random numbers (mulberry32), so the big scenario is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BIG_MERCHANTS: Array<{ merchant: string; name: string; pfc: [string, string]; min: number; max: number }> = [
  { merchant: "Whole Foods Market", name: "WHOLEFDS MKT", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES"], min: 20, max: 180 },
  { merchant: "Trader Joe's", name: "TRADER JOE S #552", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_GROCERIES"], min: 15, max: 120 },
  { merchant: "Starbucks", name: "STARBUCKS STORE", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_COFFEE"], min: 4, max: 12 },
  { merchant: "Chipotle", name: "CHIPOTLE 1294", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_FAST_FOOD"], min: 9, max: 35 },
  { merchant: "Olive Garden", name: "OLIVE GARDEN", pfc: ["FOOD_AND_DRINK", "FOOD_AND_DRINK_RESTAURANT"], min: 30, max: 110 },
  { merchant: "Shell", name: "SHELL OIL", pfc: ["TRANSPORTATION", "TRANSPORTATION_GAS"], min: 25, max: 75 },
  { merchant: "Uber", name: "UBER TRIP", pfc: ["TRANSPORTATION", "TRANSPORTATION_TAXIS_AND_RIDE_SHARES"], min: 8, max: 45 },
  { merchant: "Amazon", name: "AMAZON MKTPL", pfc: ["GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_ONLINE_MARKETPLACES"], min: 10, max: 250 },
  { merchant: "Target", name: "TARGET 00012", pfc: ["GENERAL_MERCHANDISE", "GENERAL_MERCHANDISE_SUPERSTORES"], min: 12, max: 160 },
  { merchant: "AMC Theatres", name: "AMC 4512", pfc: ["ENTERTAINMENT", "ENTERTAINMENT_TV_AND_MOVIES"], min: 12, max: 60 },
  { merchant: "CVS Pharmacy", name: "CVS/PHARMACY", pfc: ["MEDICAL", "MEDICAL_PHARMACIES_AND_SUPPLEMENTS"], min: 5, max: 80 },
  { merchant: "Planet Fitness", name: "PLANET FITNESS", pfc: ["PERSONAL_CARE", "PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS"], min: 10, max: 25 },
  { merchant: "PG&E", name: "PGANDE WEB ONLINE", pfc: ["RENT_AND_UTILITIES", "RENT_AND_UTILITIES_GAS_AND_ELECTRICITY"], min: 60, max: 220 },
];

/**
 * The benchmark's household: `count` transactions over `days` days on three accounts (checking,
 * savings, card): purchases on card and checking, monthly payroll and Netflix, card payments with both
 * legs, and the last few days' purchases still pending.
 */
export function bigHousehold(count = 5_000, days = 730): Scenario {
  return ({ seq, today }) => {
    const rnd = random(20_261_124 + seq);
    const chk = `bchk-${seq}`;
    const sav = `bsav-${seq}`;
    const card = `bcard-${seq}`;
    const out: DoubleTransaction[] = [];
    let n = 0;
    const id = () => `big-${seq}-${(n++).toString(36)}`;
    // Monthly: payroll, Netflix, a card payment (two legs), interest.
    for (let m = 0; m * 30 < days && out.length < count; m++) {
      const day = shiftDay(today, -(m * 30 + 1));
      out.push(transaction({ id: id(), account: chk, date: day, amount: -3200, name: "ACME CORP PAYROLL", pfc: ["INCOME", "INCOME_WAGES"] }));
      out.push(transaction({ id: id(), account: card, date: day, amount: 15.49, name: "NETFLIX.COM", merchant: "Netflix", pfc: ["ENTERTAINMENT", "ENTERTAINMENT_TV_AND_MOVIES"] }));
      const pay = Math.round(rnd() * 80_000 + 20_000) / 100;
      out.push(transaction({ id: id(), account: chk, date: day, amount: pay, name: "CREDIT CARD 3333 PAYMENT", pfc: ["LOAN_PAYMENTS", "LOAN_PAYMENTS_CREDIT_CARD_PAYMENT"] }));
      out.push(transaction({ id: id(), account: card, date: shiftDay(day, 1), amount: -pay, name: "PAYMENT - THANK YOU", pfc: ["TRANSFER_IN", "TRANSFER_IN_ACCOUNT_TRANSFER"] }));
      out.push(transaction({ id: id(), account: sav, date: day, amount: -0.42, name: "INTEREST PAYMENT", pfc: ["INCOME", "INCOME_INTEREST_EARNED"] }));
    }
    while (out.length < count) {
      const m = BIG_MERCHANTS[Math.floor(rnd() * BIG_MERCHANTS.length)];
      const age = Math.floor(rnd() * days);
      const amount = Math.round((m.min + rnd() * (m.max - m.min)) * 100) / 100;
      out.push(transaction({ id: id(), account: rnd() < 0.7 ? card : chk, date: shiftDay(today, -age), amount, name: `${m.name} ${Math.floor(rnd() * 9000 + 1000)}`, merchant: m.merchant, pfc: m.pfc, pending: age < 2 }));
    }
    return {
      institution: { institution_id: "ins_109508", name: "First Platypus Bank" },
      accounts: [
        account(chk, "0000", "Plaid Checking", "Plaid Gold Standard 0% Interest Checking", "depository", "checking", 8412.2, 8312.2),
        account(sav, "1111", "Plaid Saving", "Plaid Silver Standard 0.1% Interest Saving", "depository", "savings", 12500, 12500),
        account(card, "3333", "Plaid Credit Card", "Plaid Diamond 12.5% APR Interest Credit Card", "credit", "credit card", 1290.12, null),
      ],
      transactions: out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    };
  };
}

export const SCENARIOS: Record<string, Scenario> = {
  household,
  big: bigHousehold(),
};
