import type { BankResult } from "~/domain/bank";

/** A BankResult as the JSON answer: the value (200 unless told), or `{ message }` with the refusal's status. */
export function bankResponse<T>(result: BankResult<T>, status = 200): Response {
  return result.ok ? Response.json(result.value, { status }) : Response.json({ message: result.message }, { status: result.status });
}
