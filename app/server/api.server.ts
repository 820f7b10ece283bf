import { readRequestData, type ReadOptions } from "./body.server";

/** Any zod schema, full or zod/mini: both expose safeParse with this shape. */
export interface Validator<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

// Helpers for the JSON endpoints: errors are always { message, fieldErrors? } with the right status.

export function jsonError(status: number, message: string, fieldErrors?: Record<string, string[]>): Response {
  return Response.json(fieldErrors ? { message, fieldErrors } : { message }, { status });
}

export function methodNotAllowed(allowed: string[]): Response {
  return Response.json({ message: `Use ${allowed.join(" or ")} for this endpoint.` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * Reads the body with the shared reader (JSON object or form fields) and validates it; an unreadable body
 * throws its 400/413/415 Response, invalid input a 400 `{ message, fieldErrors }`.
 */
export async function readBody<T>(request: Request, schema: Validator<T>, options?: ReadOptions): Promise<T> {
  const raw = await readRequestData(request, options);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    throw jsonError(400, parsed.error.issues[0]?.message ?? "Invalid input.", fieldErrors);
  }
  return parsed.data;
}
