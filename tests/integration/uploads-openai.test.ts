import { afterEach, describe, expect, it, vi } from "vitest";
import { categorizeWithOpenAI } from "../../app/server/uploads-openai.server";

// Statement rows categorised by OpenAI in batches (issue 10), inside workerd with the API intercepted at
// fetch: a valid tool call is used with its confidence; anything else leaves the rows to the rules.

function completion(args: string) {
  return Response.json({
    id: "chatcmpl-9Zk2",
    object: "chat.completion",
    created: 1763800000,
    model: "gpt-4o-mini-2024-07-18",
    choices: [{ index: 0, message: { role: "assistant", content: null, refusal: null, tool_calls: [{ id: "call_up1", type: "function", function: { name: "categorize_transactions", arguments: args } }] }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 180, completion_tokens: 60, total_tokens: 240 },
    system_fingerprint: "fp_0ba0d124f1",
  });
}

const options = { apiKey: "sk-test", model: "gpt-4o-mini", timeoutMs: 2000 };

describe("categories from OpenAI", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a valid tool call gives each merchant its category and confidence, one call per 100 merchants", async () => {
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      expect(String(input instanceof Request ? input.url : input)).toContain("/chat/completions");
      const body = JSON.parse(String((init as RequestInit).body)) as { messages: Array<{ content: string }> };
      const lines = body.messages[1].content.split("\n");
      return completion(JSON.stringify({ items: lines.map((_, i) => ({ index: i, categoryId: i === 0 ? "dining" : "food", confidence: 0.88 })) }));
    });
    const merchants = ["zorbas taverna", ...Array.from({ length: 149 }, (_, i) => `market ${i}`)];
    const guesses = await categorizeWithOpenAI(options, merchants);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(guesses.get(0)).toEqual({ categoryId: "dining", confidence: 0.88 });
    expect(guesses.get(149)).toEqual({ categoryId: "food", confidence: 0.88 });
    expect(guesses.size).toBe(150);
  });

  it("an answer that does not validate, an HTTP error or a timeout gives no guesses (the rules decide)", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => completion(JSON.stringify({ items: [{ index: 0, categoryId: "yachts", confidence: 3 }] })));
    expect((await categorizeWithOpenAI(options, ["zorbas taverna"])).size).toBe(0);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }, { status: 401 }));
    expect((await categorizeWithOpenAI(options, ["zorbas taverna"])).size).toBe(0);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          const signal = (init as RequestInit | undefined)?.signal;
          signal?.addEventListener("abort", () => reject(signal.reason ?? new Error("aborted")));
        }),
    );
    expect((await categorizeWithOpenAI({ ...options, timeoutMs: 150 }, ["zorbas taverna"])).size).toBe(0);
  });
});
