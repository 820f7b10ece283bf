
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

/** Reads a JSON (or form-encoded) body and validates it; bad input throws a 400 Response. */
export async function readBody<T>(request: Request, schema: Validator<T>): Promise<T> {
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown;
  if (type.includes("application/json")) {
    const text = await request.text();
    try {
      raw = text.length === 0 ? {} : JSON.parse(text);
    } catch {
      throw jsonError(400, "The request body is not valid JSON.");
    }
  } else if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    raw = Object.fromEntries(await request.formData());
  } else {
    const text = await request.text();
    if (text.length > 0) throw jsonError(415, "Send the body as JSON.");
    raw = {};
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    throw jsonError(400, parsed.error.issues[0]?.message ?? "Invalid input.", fieldErrors);
  }
  return parsed.data;
}
