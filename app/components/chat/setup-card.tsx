import { Form, Link } from "@remix-run/react";
import { GUIDED_CHAT_TEXT } from "~/domain/assistant/markers";

/** The setup-method card a [SHOW_UPLOAD_GUIDE] message shows (spec part 1 §2). Its button is a real form. */
export function SetupCard({ conversationId, onContinue, disabled }: { conversationId: string | null; onContinue?: (text: string) => void; disabled?: boolean }) {
  return (
    <section aria-labelledby="setup-card-title" className="mt-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-slate-800" data-testid="setup-card">
      <h2 id="setup-card-title" className="font-semibold">
        Choose Your Setup Method
      </h2>
      <p className="mt-1 text-sm text-slate-600">How would you like to set up your monthly expenses?</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <h3 className="font-medium">Chat Entry (Recommended)</h3>
          <p className="mt-1 text-sm text-slate-600">Go through each category in conversation. Takes 5-10 minutes.</p>
          <Form
            method="post"
            action="/?index"
            className="mt-3"
            onSubmit={(event) => {
              if (!onContinue) return;
              event.preventDefault();
              onContinue(GUIDED_CHAT_TEXT);
            }}
          >
            <input type="hidden" name="intent" value="send-message" />
            <input type="hidden" name="conversationId" value={conversationId ?? ""} />
            <input type="hidden" name="content" value={GUIDED_CHAT_TEXT} />
            <button type="submit" disabled={disabled} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
              Continue with Chat
            </button>
          </Form>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <h3 className="font-medium">Bulk Upload (Faster)</h3>
          <p className="mt-1 text-sm text-slate-600">Upload CSV, text or PDF statements. AI extracts and categorizes your transactions; you review and approve them.</p>
          <Link to="/upload" className="mt-3 inline-block rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Upload Statement
          </Link>
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-500">You can always switch methods or use both options later</p>
    </section>
  );
}
