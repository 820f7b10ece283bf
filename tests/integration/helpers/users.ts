import { exports } from "cloudflare:workers";

export interface SignedInUser {
  email: string;
  userId: string;
  budgetId: string;
  /** `__session=<value>`, ready for a Cookie header. */
  cookie: string;
}

let counter = 0;

/** Creates an account through the real JSON sign-up (which also creates the personal budget). */
export async function signUp(firstName = "Test"): Promise<SignedInUser> {
  counter += 1;
  const email = `${firstName.toLowerCase()}-${counter}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const res = await exports.default.fetch("http://localhost/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ intent: "signup", email, password: "password123", firstName }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const match = /(?:^|,\s*)(__session=[^;]+)/.exec(setCookie);
  if (!match) throw new Error(`sign-up set no __session cookie: ${setCookie}`);
  const cookie = match[1];

  const budgetRes = await exports.default.fetch("http://localhost/api/budget", { headers: { Cookie: cookie } });
  if (budgetRes.status !== 200) throw new Error(`GET /api/budget failed: ${budgetRes.status} ${await budgetRes.text()}`);
  const budget = (await budgetRes.json()) as { id: string };
  return { email, userId: user.id, budgetId: budget.id, cookie };
}
