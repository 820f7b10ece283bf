import type { Intent, MerchantMemory } from "~/domain/assistant";

// The one interface chat (and later uploads, welcome, price analysis) uses to read a message.

export interface AssistantInput {
  text: string;
  /** Today in the budget's time zone (YYYY-MM-DD): no date after it is ever accepted. */
  today: string;
  memory: MerchantMemory;
}

export interface Assistant {
  readonly name: "rules" | "openai";
  /** Proposes what the message means. Never writes: the server validates and applies the proposal. */
  interpret(input: AssistantInput): Promise<Intent>;
}
