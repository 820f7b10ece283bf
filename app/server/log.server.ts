// What the app writes to its logs goes through here, so secrets that travel in URLs never reach them (issue 18
// #14): an invitation token is a key to a household's budget, and Remix's own errors quote request paths
// ("… does not match URL /api/budget/accept-invitation/<token>").

const REDACTED = "[redacted]";

// `token=` (or `inviteToken=`) in a query string, plain or percent-encoded inside another URL's parameter
// (a sign-in's returnTo): the value runs to the next parameter, percent sign or the end of the URL.
const QUERY_TOKEN = /((?:[?&;]|%3F|%26)(?:invite_?)?token(?:=|%3D))[^&#%\s"'<>]+/gi;
// The spec's accept call carries the token as the last path segment.
const PATH_TOKEN = /(accept-invitation(?:\/|%2F))[^/?#%\s"'<>]+/gi;

export function redactSecrets(text: string): string {
  return text.replace(QUERY_TOKEN, `$1${REDACTED}`).replace(PATH_TOKEN, `$1${REDACTED}`);
}

function redacted(value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  if (value instanceof Error) {
    // A copy: the original may still be handled elsewhere.
    const copy = new Error(redactSecrets(value.message));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redactSecrets(value.stack);
    if (value.cause !== undefined) copy.cause = redacted(value.cause);
    return copy;
  }
  if (value && typeof value === "object") {
    try {
      return JSON.parse(redactSecrets(JSON.stringify(value)));
    } catch {
      return "[unloggable value]";
    }
  }
  return value;
}

export function logError(...args: unknown[]): void {
  console.error(...args.map(redacted));
}

export function logWarning(...args: unknown[]): void {
  console.warn(...args.map(redacted));
}

export function logInfo(...args: unknown[]): void {
  console.log(...args.map(redacted));
}
