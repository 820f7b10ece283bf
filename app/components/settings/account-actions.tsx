import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { toast } from "~/components/ui/use-toast";
import { ApiError, apiRequest, expectSignOut } from "~/lib/api-client";
import { DELETE_ACCOUNT_CONFIRMATION } from "~/domain/account";
import type { FormReply } from "~/domain/form-reply";
import { FormMessage } from "./use-form-feedback";
import { SettingsSection } from "./section";

const button = "rounded-md border px-4 py-2 text-sm font-semibold";

/** Downloads the export with JavaScript so a failure can say "Export Failed"; a plain link without it. */
async function downloadExport(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  try {
    const res = await fetch("/api/export-data", { credentials: "include" });
    if (!res.ok) throw new Error(`${res.status}`);
    const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "hearth-budget-export.json";
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: "Export Complete", description: `Your data was saved as ${name}.` });
  } catch {
    toast({ title: "Export Failed", description: "Your data could not be exported. Please try again.", variant: "destructive" });
  }
}

export const ACCOUNT_DELETION_REDIRECT_MS = 2000;

/** With JavaScript (spec part 1 §4): DELETE /api/auth/user, a toast, then /api/logout after 2 s. */
async function deleteWithScript(event: React.FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const button = event.currentTarget.querySelector("button");
  if (button) button.disabled = true;
  expectSignOut(true);
  try {
    await apiRequest("DELETE", "/api/auth/user");
    toast({ title: "Account Deleted", description: "Your account and data have been deleted. Signing you out..." });
    setTimeout(() => window.location.assign("/api/logout"), ACCOUNT_DELETION_REDIRECT_MS);
  } catch (error) {
    expectSignOut(false);
    if (button) button.disabled = false;
    let description = "Your account could not be deleted. Please try again.";
    if (error instanceof ApiError) {
      try {
        description = JSON.parse(error.message.slice(error.message.indexOf(":") + 1)).message ?? description;
      } catch {
        // keep the default
      }
    }
    toast({ title: "Deletion Failed", description, variant: "destructive" });
  }
}

/** A confirmation that works without JavaScript: the final button only shows once the step is opened. */
function Confirm({ label, text, intent, confirmLabel, danger, reply, onSubmit }: { label: string; text: string; intent: string; confirmLabel: string; danger?: boolean; reply: FormReply | null; onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void }) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === intent;
  return (
    <details className="rounded-lg border border-slate-200 p-3" open={reply ? true : undefined}>
      <summary className={`cursor-pointer list-none font-semibold ${danger ? "text-red-700" : "text-slate-900"}`}>{label}</summary>
      <Form method="post" className="mt-3 space-y-3" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={intent} />
        <p className="text-sm text-slate-700">{text}</p>
        <button type="submit" disabled={busy} className={`${button} ${danger ? "border-red-600 bg-red-600 text-white hover:bg-red-700" : "border-slate-300 hover:bg-slate-50"} disabled:opacity-60`}>
          {busy ? "Working..." : confirmLabel}
        </button>
        <FormMessage reply={reply} id={`${intent}-error`} />
      </Form>
    </details>
  );
}

export function AccountActions({ replies }: { replies: { clearChat: FormReply | null; deleteAccount: FormReply | null } }) {
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  return (
    <SettingsSection id="account-actions" title="Account Actions">
      <div className="space-y-3">
        <Form method="post" action="/api/logout">
          <button type="submit" className={`${button} border-slate-300 hover:bg-slate-50`}>
            Sign Out
          </button>
        </Form>
        <Confirm
          label="Clear Chat History"
          intent="clear-chat"
          confirmLabel="Yes, clear my chat history"
          text="This deletes every message in your chat with the assistant. Your budget, expenses and support messages stay."
          reply={replies.clearChat}
        />
        <div className="rounded-lg border border-slate-200 p-3">
          <p className="font-semibold">Export Your Data</p>
          <p className="mt-1 text-sm text-slate-600">A JSON file with your profile, budgets, expenses, conversations, support messages, debts and uploads.</p>
          <a href="/api/export-data" download onClick={js ? downloadExport : undefined} className={`${button} mt-2 inline-block border-slate-300 hover:bg-slate-50`}>
            Export Your Data
          </a>
        </div>
        <Confirm
          label="Delete Account"
          intent="delete-account"
          confirmLabel="Yes, delete my account"
          danger
          text={DELETE_ACCOUNT_CONFIRMATION}
          reply={replies.deleteAccount}
          onSubmit={js ? deleteWithScript : undefined}
        />
      </div>
    </SettingsSection>
  );
}
