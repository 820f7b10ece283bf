import OpenAI from "openai";
import { zodFunction } from "openai/helpers/zod";
import { z } from "zod";
import { CATEGORY_IDS, CATEGORY_NAMES, type CategoryId } from "~/domain/assistant";
import { OPENAI_TIMEOUT_MS } from "./assistant/openai.server";

// Statement rows categorised by OpenAI in batches when a key is set (issue 10). The model only proposes:
// each answer is validated with zod, and a batch that times out, errors or does not validate falls back
// to the rules for its rows. Distinct merchants are asked once each, at most MAX_ASKED per statement, so a
// 140k-row file costs a handful of calls, not thousands.

const BATCH = 100;
export const MAX_ASKED = 500;

const answerSchema = z.object({
  items: z.array(z.object({ index: z.number().int().min(0), categoryId: z.enum(CATEGORY_IDS), confidence: z.number().min(0).max(1) })).max(BATCH),
});

const TOOL = zodFunction({
  name: "categorize_transactions",
  description: "Give each bank transaction description its spending category and how sure you are (0 to 1).",
  parameters: answerSchema,
});

export interface Guess {
  categoryId: CategoryId;
  confidence: number;
}

/** Category guesses for `descriptions` (by position); positions missing from the map are left to the rules. */
export async function categorizeWithOpenAI(options: { apiKey: string; model: string; timeoutMs?: number }, descriptions: string[]): Promise<Map<number, Guess>> {
  const timeoutMs = options.timeoutMs ?? OPENAI_TIMEOUT_MS;
  const client = new OpenAI({ apiKey: options.apiKey, timeout: timeoutMs, maxRetries: 0, fetch: (input, init) => globalThis.fetch(input, init) });
  const categories = CATEGORY_IDS.map((id) => `${id} (${CATEGORY_NAMES[id]})`).join(", ");
  const out = new Map<number, Guess>();
  for (let start = 0; start < Math.min(descriptions.length, MAX_ASKED); start += BATCH) {
    const batch = descriptions.slice(start, Math.min(start + BATCH, MAX_ASKED));
    try {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          temperature: 0,
          messages: [
            { role: "system", content: `You categorise household bank transactions. Categories: ${categories}. Call categorize_transactions once with one item per numbered line.` },
            { role: "user", content: batch.map((d, i) => `${i}. ${d}`).join("\n") },
          ],
          tools: [TOOL],
          tool_choice: { type: "function", function: { name: TOOL.function.name } },
        },
        { signal: AbortSignal.timeout(timeoutMs) },
      );
      const call = completion.choices?.[0]?.message?.tool_calls?.find((c) => c.type === "function" && c.function.name === TOOL.function.name);
      if (!call || call.type !== "function") continue;
      const parsed = answerSchema.safeParse(JSON.parse(call.function.arguments));
      if (!parsed.success) continue;
      for (const item of parsed.data.items) if (item.index < batch.length) out.set(start + item.index, { categoryId: item.categoryId, confidence: item.confidence });
    } catch {
      // Timeout, HTTP error, bad JSON: these rows keep the rules' category.
    }
  }
  return out;
}
