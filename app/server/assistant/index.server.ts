import type { AppContext } from "../context.server";
import { createOpenAIAssistant } from "./openai.server";
import { rulesAssistant } from "./rules.server";
import type { Assistant } from "./types";

export type { Assistant, AssistantInput } from "./types";

/** OpenAI when OPENAI_API_KEY is set (falling back to the rules per message), else the rules engine. */
export function getAssistant(app: Pick<AppContext, "config">): Assistant {
  const key = app.config.OPENAI_API_KEY;
  if (!key) return rulesAssistant;
  return createOpenAIAssistant({ apiKey: key, model: app.config.OPENAI_MODEL });
}
