import { ApiError } from "~/lib/api-client";

/** The server's `{ message }` from an ApiError's "{status}: {body}" text, or a default. */
export function apiMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const body = error.message.slice(error.message.indexOf(":") + 1).trim();
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" && parsed.message ? parsed.message : fallback;
  } catch {
    return fallback;
  }
}
