import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, apiJson, htmlText, signUpComplete } from "./helpers/http";

// Issue 18 #11: every amount a person types goes through the one money parser (app/domain/money.ts): at most
// 2 decimals, never negative, never rounded. Before, debts stored 1.005 as 1.01 and -0 / 0.001 as 0.00.

const visa = { name: "Visa", type: "credit_card", currentBalance: "2000.00", interestRate: 0.2, minimumPayment: "60", paymentDueDate: 15 };
const debtCount = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM debts d JOIN users u ON u.active_budget_id = d.budget_id WHERE u.id = ?").bind(userId).first<{ n: number }>())!.n;

describe("debts: amounts with more than 2 decimals, or a minus sign, are refused (not rounded)", () => {
  it.each([
    [{ currentBalance: "1.005" }, "currentBalance", "Current balance can have at most 2 decimal places."],
    [{ currentBalance: 1.005 }, "currentBalance", "Current balance can have at most 2 decimal places."],
    [{ minimumPayment: "0.001" }, "minimumPayment", "Minimum payment can have at most 2 decimal places."],
    [{ minimumPayment: "-0" }, "minimumPayment", "Minimum payment cannot be negative."],
    [{ currentPayment: "80.999" }, "currentPayment", "Current payment can have at most 2 decimal places."],
    [{ currentBalance: "1e3" }, "currentBalance", "Current balance must be an amount like 120.50."],
  ])("POST /api/debts %j → 400 on the field, nothing stored", async (patch, field, message) => {
    const me = await signUpComplete();
    const { status, body } = await apiJson("/api/debts", { cookie: me.cookie, json: { ...visa, ...patch } });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect(body.fieldErrors[field]).toEqual([message]);
    expect(await debtCount(me.user.id)).toBe(0);
  });

  it("PATCH refuses 1.005 and keeps the stored amount; 1.01 is stored exactly", async () => {
    const me = await signUpComplete();
    const created = await apiJson("/api/debts", { cookie: me.cookie, json: visa });
    expect(created.status).toBe(201);
    const bad = await apiJson(`/api/debts/${created.body.id}`, { method: "PATCH", cookie: me.cookie, json: { currentBalance: "1.005" } });
    expect(bad.status).toBe(400);
    expect((await apiJson(`/api/debts/${created.body.id}`, { method: "PATCH", cookie: me.cookie, json: { currentBalance: "1.01" } })).body.currentBalance).toBe("1.01");
  });

  it("a strategy's extra payment of 10.005 is refused", async () => {
    const me = await signUpComplete();
    const res = await apiJson("/api/debt-strategies", { cookie: me.cookie, json: { strategyType: "avalanche", extraPaymentAmount: "10.005" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Extra payment can have at most 2 decimal places.");
  });

  it("the debt page's form (no JavaScript) answers 400 with the field's message and stores nothing", async () => {
    const me = await signUpComplete();
    const form = { intent: "add-debt", name: "Visa", type: "credit_card", currentBalance: "1.005", interestRatePercent: "19.99", minimumPayment: "60", paymentDueDate: "15" };
    const res = await api("/debt-management", { cookie: me.cookie, form, headers: { Origin: "http://localhost", Host: "localhost" } });
    expect(res.status).toBe(400);
    const html = htmlText(await res.text());
    expect(html).toContain("Current balance can have at most 2 decimal places.");
    expect(await debtCount(me.user.id)).toBe(0);
  });
});

describe("bank sync: a bill's current amount goes through the same parser", () => {
  it("15.999 is refused with 400 before anything is looked up", async () => {
    const me = await signUpComplete();
    const res = await apiJson("/api/plaid/price-analysis/no-such-line", { cookie: me.cookie, json: { merchants: ["Netflix"], currentAmount: "15.999" } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.currentAmount).toEqual(["currentAmount can have at most 2 decimal places."]);
  });
});
