// When a chat message was typed (issue 23): a message queued offline is read against the moment it was
// typed, not the moment it arrived, so "yesterday" typed on the 30th and sent on the 2nd is the 29th.

/** How far back a typed time is honoured: a queue older than this is refused, never guessed at. */
export const TYPED_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export const TYPED_AT_TOO_OLD = "This message was typed more than 30 days ago; type it again.";
export const TYPED_AT_INVALID = "typedAt must be a time (ISO 8601 or milliseconds since 1970).";

export type TypedAt = { ok: true; at: number } | { ok: false; message: string };

/**
 * The instant to read the message against: the server's now when absent; never in the future (a phone's
 * clock running ahead is read as now); at most 30 days back.
 */
export function resolveTypedAt(raw: number | string | undefined, now: number): TypedAt {
  if (raw === undefined || raw === "") return { ok: true, at: now };
  const at = typeof raw === "number" ? raw : /^\d{1,16}$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(at) || at <= 0) return { ok: false, message: TYPED_AT_INVALID };
  if (at > now) return { ok: true, at: now };
  if (now - at > TYPED_AT_MAX_AGE_MS) return { ok: false, message: TYPED_AT_TOO_OLD };
  return { ok: true, at: Math.floor(at) };
}
