import { BANK_TEXT, type BankResult } from "~/domain/bank";
import type { CommandOutcome } from "../budget-room/commands";
import type { AppContext } from "../context.server";
import { plaidSettings, type PlaidFailure, type PlaidSettings } from "./client.server";

export type Refusal = Extract<BankResult<never>, { ok: false }>;

export function refuse(status: Refusal["status"], message: string): Refusal {
  return { ok: false, status, message };
}

/** Plaid's settings, or the spec's 503 when the keys are not set (everything else keeps working). */
export function requirePlaid(app: Pick<AppContext, "config">): PlaidSettings | Refusal {
  return plaidSettings(app) ?? refuse(503, BANK_TEXT.notConfigured);
}

export function isRefusal(value: unknown): value is Refusal {
  return !!value && typeof value === "object" && (value as { ok?: unknown }).ok === false;
}

/** A refused room command as a BankResult refusal. */
export function fromOutcome(outcome: Extract<CommandOutcome, { ok: false }>): Refusal {
  return refuse(outcome.status === 410 ? 404 : outcome.status, outcome.message);
}

/** What a person is told about a Plaid failure: Plaid's display_message when it has one, else `fallback`. */
export function plaidMessage(failure: PlaidFailure, fallback: string): string {
  return failure.displayMessage ?? fallback;
}

/** Plaid's answer for a caller mistake (4xx) keeps a 4xx; Plaid being down or failing is a 502. */
export function plaidStatus(failure: PlaidFailure): Refusal["status"] {
  return failure.httpStatus !== null && failure.httpStatus >= 400 && failure.httpStatus < 500 && failure.errorCode !== "RATE_LIMIT_EXCEEDED" ? 400 : 502;
}
