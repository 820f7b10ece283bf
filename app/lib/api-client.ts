import { toast } from "~/components/ui/use-toast";

// Client-side calls (spec part 1 §7–8): credentials always, JSON only when there is a payload, and a
// failure raises "{status}: {body text}". A 401 tells the user and sends them to sign in after 500 ms.
export const LOGIN_REDIRECT_DELAY_MS = 500;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let redirecting = false;

export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  const returnTo = window.location.pathname + window.location.search;
  setTimeout(() => {
    window.location.href = `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
  }, LOGIN_REDIRECT_DELAY_MS);
}

/**
 * While the app signs the user out on purpose (account deletion shows its own toast, then goes to
 * /api/logout), a 401 from a closing live socket must not race it to the sign-in page.
 */
export function expectSignOut(expected: boolean): void {
  redirecting = expected;
}

export async function apiRequest<T = unknown>(method: string, path: string, payload?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: payload === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    const error = new ApiError(response.status, `${response.status}: ${text}`);
    if (response.status === 401) handleUnauthorized();
    throw error;
  }
  const type = response.headers.get("Content-Type") ?? "";
  return (type.includes("application/json") ? await response.json() : await response.text()) as T;
}
