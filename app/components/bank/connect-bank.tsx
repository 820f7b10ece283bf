import { Form, useNavigation } from "@remix-run/react";
import { useRevalidate } from "~/components/use-revalidate";
import { useState } from "react";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/components/use-hydrated";
import { NO_PLAID_KEYS_MESSAGE } from "~/domain/bank-rules";
import type { ExchangeResult, LinkTokenResult } from "~/domain/bank";
import type { FormReply } from "~/domain/form-reply";
import { FormMessage } from "~/components/settings/use-form-feedback";
import { ApiError, apiRequest } from "~/lib/api-client";
import { apiMessage } from "./api-message";
import { openPlaidLink } from "./plaid-link";

/**
 * Link (or, with an account id, re-link in update mode) through Plaid Link: a link token from the
 * server, Plaid's window, then the public token back to the server. Toasts per spec part 2 §8.
 */
export function usePlaidLink() {
  const revalidate = useRevalidate();
  const [busy, setBusy] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);

  const run = async (accountId: string | null) => {
    setBusy(accountId ?? "new");
    try {
      let token: LinkTokenResult;
      try {
        token = await apiRequest<LinkTokenResult>("GET", accountId ? `/api/plaid/link-token?accountId=${encodeURIComponent(accountId)}` : "/api/plaid/link-token");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return;
        const details = apiMessage(error, "");
        setUnavailable(details && details !== NO_PLAID_KEYS_MESSAGE ? `${NO_PLAID_KEYS_MESSAGE} ${details}` : NO_PLAID_KEYS_MESSAGE);
        toast({ title: "Connection Failed", description: NO_PLAID_KEYS_MESSAGE, variant: "destructive" });
        return;
      }
      let outcome;
      try {
        outcome = await openPlaidLink(token.linkToken);
      } catch {
        toast({ title: "Connection Failed", description: "Plaid Link could not be loaded. Please try again.", variant: "destructive" });
        return;
      }
      if (outcome.kind === "exit") {
        if (outcome.error) toast({ title: "Connection Cancelled", description: outcome.error.display_message ?? outcome.error.error_message ?? "The bank connection was not completed.", variant: "destructive" });
        return;
      }
      if (accountId) {
        // Update mode keeps the same Item: syncing again clears "login required" by itself.
        try {
          await apiRequest("POST", "/api/plaid/sync-and-import");
        } catch {
          // The sync history shows what happened; the reconnect itself succeeded.
        }
        toast({ title: "Success!", description: "Your bank is reconnected." });
      } else {
        try {
          const result = await apiRequest<ExchangeResult>("POST", "/api/plaid/exchange-token", { publicToken: outcome.publicToken });
          toast({ title: "Success!", description: result.message || "Your bank account is connected." });
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return;
          toast({ title: "Connection Failed", description: apiMessage(error, "Failed to connect bank account"), variant: "destructive" });
          return;
        }
      }
      revalidate();
    } finally {
      setBusy(null);
    }
  };
  return { busy, unavailable, connect: () => void run(null), reconnect: (accountId: string) => void run(accountId) };
}

/** Connect a bank (Plaid Link, JavaScript only) and, in sandbox, the server-side test bank form. */
export function ConnectBank({
  configured,
  sandbox,
  busy,
  unavailable,
  onConnect,
  reply,
}: {
  configured: boolean;
  sandbox: boolean;
  busy: boolean;
  unavailable: string | null;
  onConnect: () => void;
  reply: FormReply | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const linking = navigation.formData?.get("intent") === "link-test-bank";
  if (!configured) {
    return (
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="plaid-unavailable">
        {NO_PLAID_KEYS_MESSAGE}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {unavailable ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" data-testid="plaid-unavailable">
          {unavailable}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {hydrated ? (
          <button type="button" onClick={onConnect} disabled={busy} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {busy ? "Opening Plaid..." : "Connect a bank"}
          </button>
        ) : (
          <p className="text-sm text-slate-600">Connecting a bank opens Plaid&rsquo;s secure window, which needs JavaScript.</p>
        )}
      </div>
      {sandbox ? (
        <Form method="post" className="rounded-lg border border-dashed border-slate-300 p-3" aria-label="Link a test bank">
          <input type="hidden" name="intent" value="link-test-bank" />
          <p className="text-sm text-slate-600">Sandbox: link Plaid&rsquo;s test bank without opening Plaid Link.</p>
          <button type="submit" disabled={linking} className="mt-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60">
            {linking ? "Linking..." : "Link a test bank"}
          </button>
          <FormMessage reply={reply} id="link-test-bank-error" />
        </Form>
      ) : null}
    </div>
  );
}
