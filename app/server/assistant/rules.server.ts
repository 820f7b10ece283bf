import { interpret } from "~/domain/assistant";
import type { Assistant } from "./types";

/** The default assistant: the deterministic rules engine, no network, no key. */
export const rulesAssistant: Assistant = {
  name: "rules",
  async interpret({ text, today, memory }) {
    return interpret(text, { today, memory });
  },
};
