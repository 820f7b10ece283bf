/** A sharing call either succeeds with a value or is refused with a status and a message for people. */
export type SharingResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 403 | 404 | 409 | 410; message: string };

export function refused(status: 400 | 403 | 404 | 409 | 410, message: string): { ok: false; status: 400 | 403 | 404 | 409 | 410; message: string } {
  return { ok: false, status, message };
}

/** The JSON answer for a refusal: `{ message }` with its status. */
export function refusalResponse(result: { status: number; message: string }): Response {
  return Response.json({ message: result.message }, { status: result.status });
}
