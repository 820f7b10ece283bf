import { vi } from "vitest";
import { PLAID_HOSTS, PlaidDouble, type DoubleOptions } from "../../plaid-double/double.ts";

/**
 * Answers the Worker's Plaid calls with a fresh test double (fetch intercepted; every other request goes
 * out as before). Call `vi.restoreAllMocks()` after the test.
 */
export function installPlaidDouble(options: DoubleOptions = {}): PlaidDouble {
  const double = new PlaidDouble(options);
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (PLAID_HOSTS.has(new URL(request.url).host)) return double.fetch(request);
    return real(input, init);
  });
  return double;
}
