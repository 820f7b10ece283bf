import { describe, expect, it } from "vitest";
import { apiJson, signUpComplete } from "./helpers/http";

// Issue 18 #6: D1 binds at most 100 values per statement. These lists reach SQL as ONE JSON value
// (json_each), so lists well past 100 work, and nothing is cut short to stay under the limit.

describe("#6 lists past D1's 100 bound values", () => {
  it("'undo' after a message that logged 120 expenses removes all 120 (was 20 of them)", async () => {
    const user = await signUpComplete();
    await apiJson("/api/budget/details", { cookie: user.cookie, json: { income: [{ id: "new-income-1", label: "Pay", amount: 5000 }], expenses: [] } });
    const conversation = (await apiJson<{ id: string }>("/api/conversation", { method: "POST", cookie: user.cookie, json: {} })).body;
    const say = (content: string) => apiJson<{ messages: { messageType: string }[] }>("/api/messages", { cookie: user.cookie, json: { conversationId: conversation.id, content } });
    const logged = await say(Array.from({ length: 120 }, (_, i) => `tea ${i + 1}`).join(", "));
    expect(logged.status).toBe(200);
    expect(logged.body.messages.filter((m) => m.messageType === "expense_logged")).toHaveLength(120);
    expect((await apiJson<unknown[]>("/api/expenses", { cookie: user.cookie })).body).toHaveLength(120);
    expect((await say("undo")).status).toBe(200);
    expect((await apiJson<unknown[]>("/api/expenses", { cookie: user.cookie })).body).toHaveLength(0);
  }, 60_000);

  it("a save naming 150 unknown line ids checks every one: another budget's line among them is a 404 (was only the first 90)", async () => {
    const other = await signUpComplete();
    const theirs = await apiJson<{ income: { id: string }[] }>("/api/budget/details", { cookie: other.cookie, json: { income: [{ id: "new-income-1", label: "Their pay", amount: 100 }], expenses: [] } });
    const foreignId = theirs.body.income[0]!.id;
    const user = await signUpComplete();
    const gone = Array.from({ length: 149 }, (_, i) => ({ id: `gone-${i}`, label: `Gone ${i}`, amount: 1 }));
    const res = await apiJson("/api/budget/details", { cookie: user.cookie, json: { income: [...gone, { id: foreignId, label: "Mine now", amount: 1 }], expenses: [] } });
    expect(res.status).toBe(404);
    // Their line is untouched; 150 unknown ids of lines that no longer exist are simply dropped.
    const after = await apiJson<{ income: { label: string }[] }>("/api/budget/details", { cookie: other.cookie });
    expect(after.body.income.map((l) => l.label)).toEqual(["Their pay"]);
    const fine = await apiJson<{ income: unknown[] }>("/api/budget/details", { cookie: user.cookie, json: { income: gone, expenses: [] } });
    expect(fine.status).toBe(200);
    expect(fine.body.income).toHaveLength(0);
  });
});
