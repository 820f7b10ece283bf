// Plaid Link, loaded from Plaid's CDN only when someone connects a bank (Plaid requires the script be
// served by cdn.plaid.com, never bundled; the CSP allows exactly this script and Plaid's frame).
export const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

export interface PlaidExitError {
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
}

interface PlaidHandler {
  open(): void;
  destroy(): void;
}

interface PlaidGlobal {
  create(options: {
    token: string;
    onSuccess: (publicToken: string, metadata: unknown) => void;
    onExit: (error: PlaidExitError | null, metadata: unknown) => void;
  }): PlaidHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

let loading: Promise<PlaidGlobal> | null = null;

function loadScript(): Promise<PlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  if (loading) return loading;
  loading = new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = PLAID_LINK_SCRIPT;
    script.async = true;
    script.onload = () => (window.Plaid ? resolve(window.Plaid) : reject(new Error("Plaid Link did not load")));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("Plaid Link could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type LinkOutcome = { kind: "success"; publicToken: string } | { kind: "exit"; error: PlaidExitError | null };

/** Opens Link with a link token and settles once the user finishes or leaves it. */
export async function openPlaidLink(linkToken: string): Promise<LinkOutcome> {
  const Plaid = await loadScript();
  return new Promise<LinkOutcome>((resolve) => {
    const handler = Plaid.create({
      token: linkToken,
      onSuccess: (publicToken) => {
        resolve({ kind: "success", publicToken });
        handler.destroy();
      },
      onExit: (error) => {
        resolve({ kind: "exit", error });
        handler.destroy();
      },
    });
    handler.open();
  });
}
