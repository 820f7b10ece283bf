import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { CountBadge } from "~/components/shell/badge";
import { toast } from "~/components/ui/use-toast";
import type { FormReply } from "~/domain/form-reply";
import { SUPPORT_REQUIRED_TEXT, SUPPORT_REQUIRED_TITLE, senderLabel } from "~/domain/support";
import type { SupportMessage } from "~/domain/support";
import { FormMessage } from "./use-form-feedback";
import { LocalDateTime } from "~/components/local-time";

function Bubble({ message }: { message: SupportMessage }) {
  const fromSupport = message.sender === "admin";
  return (
    <li className={`flex ${fromSupport ? "justify-start" : "justify-end"}`}>
      <div className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm ${fromSupport ? "bg-slate-100 text-slate-900" : "bg-brand-600 text-white"}`}>
        <p className="flex items-center gap-2 text-xs font-semibold opacity-80">
          {senderLabel(message.sender)}
          {fromSupport && message.status === "unread" ? <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-[10px] font-bold uppercase text-white">unread</span> : null}
        </p>
        <p className="font-medium">{message.subject}</p>
        <p className="whitespace-pre-wrap">{message.content}</p>
        <p className="mt-1 text-[11px] opacity-70"><LocalDateTime iso={message.createdAt} /></p>
      </div>
    </li>
  );
}

/**
 * Support & Messages: a disclosure, because opening it is what marks the support team's replies read
 * (with JavaScript on open; without it, the Mark as read button does the same).
 */
export function SupportSection({ messages, unread, open, reply }: { messages: SupportMessage[]; unread: number; open: boolean; reply: FormReply | null }) {
  const markRead = useFetcher();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = navigation.formData?.get("intent") === "support";
  const wasSending = useRef(false);

  useEffect(() => {
    // A successful send comes back as a redirect: clear the form once it settles without an error.
    if (wasSending.current && !sending && !reply) formRef.current?.reset();
    wasSending.current = sending;
  }, [sending, reply]);

  const markIfUnread = (isOpen: boolean) => {
    if (isOpen && unread > 0 && markRead.state === "idle") markRead.submit({ intent: "support-read", client: "js" }, { method: "post" });
  };
  useEffect(() => {
    if (open) markIfUnread(true);
    // Only on first render: later opens go through onToggle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    if (!String(data.get("subject") ?? "").trim() || !String(data.get("content") ?? "").trim()) {
      event.preventDefault();
      toast({ title: SUPPORT_REQUIRED_TITLE, description: SUPPORT_REQUIRED_TEXT, variant: "destructive" });
    }
  };

  const shownUnread = markRead.state === "idle" && !markRead.data ? unread : 0;
  return (
    <details id="support" open={open} onToggle={(e) => markIfUnread((e.currentTarget as HTMLDetailsElement).open)} className="group rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 p-5 text-lg font-semibold">
        <h2 id="support-title" className="flex items-center gap-2">
          Support &amp; Messages
        </h2>
        <CountBadge count={shownUnread} label="unread messages from support" />
        <span aria-hidden className="ml-auto text-sm text-slate-400 group-open:rotate-180">▾</span>
      </summary>
      <div className="space-y-4 px-5 pb-5">
        {messages.length > 0 ? (
          <ul aria-label="Message history" className="max-h-96 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3">
            {messages.map((m) => (
              <Bubble key={m.id} message={m} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No messages yet. Write to us below and the support team will answer here.</p>
        )}
        {shownUnread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="support-read" />
            <button type="submit" className="text-sm font-medium text-brand-700 underline">
              Mark as read
            </button>
          </Form>
        ) : null}
        <Form method="post" ref={formRef} onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby="contact-title">
          <h3 id="contact-title" className="font-medium">
            Contact support
          </h3>
          <input type="hidden" name="intent" value="support" />
          <div>
            <label htmlFor="support-subject" className="text-sm font-medium">
              Subject
            </label>
            <input id="support-subject" name="subject" defaultValue={reply?.values.subject} maxLength={200} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" aria-describedby={reply ? "support-error" : undefined} />
          </div>
          <div>
            <label htmlFor="support-content" className="text-sm font-medium">
              Message
            </label>
            <textarea id="support-content" name="content" rows={4} defaultValue={reply?.values.content} maxLength={5000} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" aria-describedby={reply ? "support-error" : undefined} />
          </div>
          {reply && Object.keys(reply.fieldErrors).length > 0 ? (
            <p id="support-error" role="alert" className="text-sm text-red-700">
              <strong>{SUPPORT_REQUIRED_TITLE}.</strong> {SUPPORT_REQUIRED_TEXT}
            </p>
          ) : (
            <FormMessage reply={reply} id="support-error" />
          )}
          <button type="submit" disabled={sending} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {sending ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </details>
  );
}
