// Builds SQL that seeds a household: users, one shared budget, income and fixed lines, and months of
// expenses. Used by `npm start` (the demo) and `npm run bench` (a large household). Seeding writes SQL
// straight into the local D1 before the Worker starts; the running app writes only through BudgetRoom.
import { hashPassword } from "./password.mjs";

const CATEGORIES = [
  ["food", ["Groceries at Safeway", "Trader Joe's", "Costco run", "Farmers market"], [40, 160]],
  ["dining", ["Pizza night", "Thai takeout", "Brunch", "Burgers"], [20, 90]],
  ["coffee", ["Coffee", "Latte", "Boba tea"], [4, 12]],
  ["transport", ["Gas", "Parking", "Bus pass", "Car wash"], [10, 70]],
  ["shopping", ["Target", "Amazon order", "Shoes", "Kids clothes"], [15, 120]],
  ["entertainment", ["Movie tickets", "Concert", "Bowling", "Board game"], [10, 80]],
  ["health", ["Pharmacy", "Gym day pass", "Vitamins"], [8, 60]],
  ["utilities", ["Phone top-up", "Streaming add-on"], [10, 40]],
  ["other", ["Birthday gift", "Haircut", "Post office"], [10, 60]],
];

function q(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Deterministic pseudo-random numbers, so a seeded household is the same on every machine. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pad(n) {
  return String(n).padStart(2, "0");
}

function dayString(date) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Latest occurrence of resetDay on or before today (UTC). */
function periodStartFor(today, resetDay) {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const d = today.getUTCDate();
  return d >= resetDay ? new Date(Date.UTC(y, m, resetDay)) : new Date(Date.UTC(y, m - 1, resetDay));
}

/**
 * @param {{ budgetId: string, budgetName: string, members: Array<{id:string,email:string,firstName:string,lastName:string,phone:string,password:string,role:"owner"|"member"}>,
 *   months: number, expenseCount: number, resetDay: number, now?: number, income: Array<[string, number]>, fixed: Array<[string, string, number]> }} household
 */
export async function householdSql(household) {
  const now = household.now ?? Date.now();
  const today = new Date(now);
  const periodStart = periodStartFor(today, household.resetDay);
  const rand = rng(42);
  const lines = [];
  const hashes = new Map();
  for (const m of household.members) if (!hashes.has(m.password)) hashes.set(m.password, await hashPassword(m.password));
  const owner = household.members.find((m) => m.role === "owner");

  for (const m of household.members) {
    lines.push(
      `INSERT INTO users (id, email, first_name, last_name, phone, is_admin, account_status, language_preference, sms_opt_in_consent, password_hash, active_budget_id, created_at, updated_at, last_login_at) VALUES (${[
        m.id, m.email, m.firstName, m.lastName, m.phone, m.isAdmin ?? false, "active", "spending", false, hashes.get(m.password), household.budgetId, now - 400 * 86_400_000, now, now,
      ].map(q).join(", ")});`,
    );
  }
  lines.push(
    `INSERT INTO budgets (id, name, owner_id, reset_day, time_zone, period_start, currency, created_at, updated_at) VALUES (${[
      household.budgetId, household.budgetName, owner.id, household.resetDay, "UTC", dayString(periodStart), "USD", now - 400 * 86_400_000, now,
    ].map(q).join(", ")});`,
  );
  household.members.forEach((m, i) => {
    lines.push(`INSERT INTO budget_members (id, budget_id, user_id, role, joined_at) VALUES (${[`${household.budgetId}-m${i}`, household.budgetId, m.id, m.role, now - 400 * 86_400_000].map(q).join(", ")});`);
  });
  household.income.forEach(([label, dollars], i) => {
    lines.push(`INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (${[`${household.budgetId}-i${i}`, household.budgetId, "income", label, Math.round(dollars * 100), "income", i, now, now].map(q).join(", ")});`);
  });
  household.fixed.forEach(([label, category, dollars], i) => {
    lines.push(`INSERT INTO line_items (id, budget_id, kind, label, amount_cents, category, position, created_at, updated_at) VALUES (${[`${household.budgetId}-f${i}`, household.budgetId, "expense", label, Math.round(dollars * 100), category, i, now, now].map(q).join(", ")});`);
  });

  // Expenses spread over `months` months up to today; earlier periods are archived as a reset would.
  const spanDays = Math.max(1, Math.round(household.months * 30.4));
  const rows = [];
  for (let i = 0; i < household.expenseCount; i++) {
    const daysAgo = Math.floor(rand() * spanDays);
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
    const [categoryId, names, [lo, hi]] = CATEGORIES[Math.floor(rand() * CATEGORIES.length)];
    const description = names[Math.floor(rand() * names.length)];
    const cents = Math.round((lo + rand() * (hi - lo)) * 100);
    const member = household.members[Math.floor(rand() * household.members.length)];
    const current = date >= periodStart;
    const expensePeriod = periodStartFor(date, household.resetDay);
    const archivedAt = current ? null : new Date(Date.UTC(expensePeriod.getUTCFullYear(), expensePeriod.getUTCMonth() + 1, household.resetDay)).getTime();
    const budgetMonth = current ? null : `${expensePeriod.getUTCFullYear()}-${pad(expensePeriod.getUTCMonth() + 1)}`;
    const original = rand() < 0.5 ? `${description.toLowerCase()} $${(cents / 100).toFixed(0)}` : null;
    rows.push(
      `(${[
        `${household.budgetId}-e${i}`, household.budgetId, member.id, cents, description, categoryId, dayString(date), date.getTime() + 12 * 3_600_000, true, original, "seed", dayString(expensePeriod), budgetMonth, archivedAt,
      ].map(q).join(", ")})`,
    );
  }
  for (let i = 0; i < rows.length; i += 200) {
    lines.push(
      `INSERT INTO expenses (id, budget_id, user_id, amount_cents, description, category_id, date, created_at, enabled, original_input, source, period_start, budget_month, archived_at) VALUES ${rows.slice(i, i + 200).join(",\n")};`,
    );
  }
  return lines.join("\n") + "\n";
}

export const DEMO_PASSWORD = "demo-password-1";

export const DEMO_HOUSEHOLD = {
  budgetId: "demo-budget",
  budgetName: "The Rivera Household",
  resetDay: 1,
  months: 4,
  expenseCount: 140,
  members: [
    { id: "demo-owner", email: "alex@demo.hearth.local", firstName: "Alex", lastName: "Rivera", phone: "+15555550101", password: DEMO_PASSWORD, role: "owner", isAdmin: true },
    { id: "demo-member", email: "sam@demo.hearth.local", firstName: "Sam", lastName: "Rivera", phone: "+15555550102", password: DEMO_PASSWORD, role: "member" },
  ],
  income: [
    ["Alex's salary", 4200],
    ["Sam's salary", 3100],
  ],
  fixed: [
    ["Rent", "housing", 2100],
    ["Electricity", "utilities", 95],
    ["Internet", "utilities", 60],
    ["Car payment", "transportation", 320],
    ["Netflix", "subscriptions", 15.49],
  ],
};
