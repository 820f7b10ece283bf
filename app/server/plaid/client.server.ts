import { Configuration, PlaidApi, PlaidEnvironments } from "plaid";
import type { AppContext } from "../context.server";

// The Plaid SDK client and the one way its errors are read. A Plaid error reaches us as an AxiosError
// whose `config` holds the PLAID-SECRET header and whose request body may hold an access token: it is
// never logged, returned or rethrown. Only Plaid's error_code, error_type, display_message and
// request_id are kept (PlaidFailure), and code decides on error_code, never on the message.

export interface PlaidSettings {
  clientId: string;
  secret: string;
  env: "sandbox" | "production";
  basePath: string;
  tokenKey: string;
}

/** Plaid's settings when bank linking is configured (all of client id, secret and token key), else null. */
export function plaidSettings(app: Pick<AppContext, "config">): PlaidSettings | null {
  const c = app.config;
  if (!c.PLAID_CLIENT_ID || !c.PLAID_SECRET || !c.PLAID_TOKEN_KEY) return null;
  const basePath = c.PLAID_ENV === "sandbox" && c.PLAID_BASE_URL ? c.PLAID_BASE_URL : PlaidEnvironments[c.PLAID_ENV];
  return { clientId: c.PLAID_CLIENT_ID, secret: c.PLAID_SECRET, env: c.PLAID_ENV, basePath, tokenKey: c.PLAID_TOKEN_KEY };
}

const clients = new Map<string, PlaidApi>();

export function plaidClient(settings: PlaidSettings): PlaidApi {
  const cacheKey = `${settings.basePath}|${settings.clientId}|${settings.secret}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new PlaidApi(
      new Configuration({
        basePath: settings.basePath,
        baseOptions: { timeout: 20_000, headers: { "PLAID-CLIENT-ID": settings.clientId, "PLAID-SECRET": settings.secret } },
      }),
    );
    clients.set(cacheKey, client);
  }
  return client;
}

/** What we keep of a failed Plaid call: codes and ids only. */
export class PlaidFailure extends Error {
  constructor(
    readonly errorCode: string,
    readonly errorType: string | null,
    readonly displayMessage: string | null,
    readonly requestId: string | null,
    readonly httpStatus: number | null,
  ) {
    super(`Plaid call failed: ${errorCode}${requestId ? ` (request ${requestId})` : ""}`);
    this.name = "PlaidFailure";
  }
}

function str(value: unknown): string | null {
  return typeof value === "string" && value ? value.slice(0, 500) : null;
}

/** Turns anything a Plaid call threw into a PlaidFailure (network errors get error_code NETWORK_ERROR). */
export function toPlaidFailure(error: unknown): PlaidFailure {
  if (error instanceof PlaidFailure) return error;
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  const data = (response?.data ?? null) as Record<string, unknown> | null;
  if (data && typeof data === "object" && typeof data.error_code === "string") {
    return new PlaidFailure(data.error_code, str(data.error_type), str(data.display_message), str(data.request_id), typeof response?.status === "number" ? response.status : null);
  }
  const status = typeof response?.status === "number" ? response.status : null;
  return new PlaidFailure(status ? "HTTP_ERROR" : "NETWORK_ERROR", null, null, null, status);
}

/** Runs one Plaid call; a failure is logged as code + request id and rethrown as a PlaidFailure. */
export async function callPlaid<T>(what: string, run: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await run()).data;
  } catch (error) {
    const failure = toPlaidFailure(error);
    console.warn(`Plaid ${what} failed`, { error_code: failure.errorCode, request_id: failure.requestId, status: failure.httpStatus });
    throw failure;
  }
}
