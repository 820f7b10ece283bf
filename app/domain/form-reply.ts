/**
 * What a form action answers when it did not save (status 400/403/404/409): the message for the form,
 * the errors per field, and what was typed, so a page re-rendered without JavaScript loses nothing.
 * The client reads it with `useActionData<FormReply>()` or `fetcher.data`.
 */
export interface FormReply {
  ok: false;
  formError?: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
  intent?: string;
}

export function isFormReply(value: unknown): value is FormReply {
  return !!value && typeof value === "object" && (value as { ok?: unknown }).ok === false && "fieldErrors" in value;
}

/** The first error of a field, for `aria-describedby` text next to it. */
export function fieldError(reply: FormReply | null | undefined, field: string): string | undefined {
  return reply?.fieldErrors[field]?.[0];
}
