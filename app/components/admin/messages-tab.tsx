import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { CountBadge } from "~/components/shell/badge";
import type { FormReply } from "~/domain/form-reply";
import type { AdminUser } from "~/domain/admin-users";
import type { SupportMessage, SupportThread } from "~/domain/support";
import { fullName, input, primary, when } from "./shared";

function Thread({ user, messages, unread, reply }: { user: AdminUser; messages: SupportMessage[]; unread: number; reply: FormReply | null }) {
  const markRead = useFetcher();
  const navigation = useNavigation();
  const sending = navigation.formData?.get("intent") === "reply";
  useEffect(() => {
    // Opening a thread reads it (with JavaScript; without it, the button below).
    if (unread > 0) markRead.submit({ intent: "thread-read", userId: user.id, client: "js" }, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.id]);
  return (
    <section aria-labelledby="thread-title" className="flex flex-col rounded-xl border border-slate-200 bg-white">
      <header className="border-b border-slate-100 p-4">
        <h2 id="thread-title" className="font-semibold">
          {fullName(user)}
        </h2>
        <p className="text-xs text-slate-500">{user.email}</p>
      </header>
      <ol className="max-h-[28rem] space-y-2 overflow-y-auto p-4" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={`flex ${m.sender === "admin" ? "justify-end" : "justify-start"}`}>
            <div className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm ${m.sender === "admin" ? "bg-brand-600 text-white" : "bg-slate-100"}`}>
              <p className="text-xs font-semibold opacity-80">
                {m.sender === "admin" ? "Support Team" : fullName(user)} · {m.subject}
                {m.sender === "user" && m.status === "unread" ? <span className="ml-2 rounded-full bg-red-600 px-1.5 text-[10px] font-bold uppercase text-white">unread</span> : null}
              </p>
              <p className="whitespace-pre-wrap">{m.content}</p>
              <p className="mt-1 text-[11px] opacity-70">
                {when(m.createdAt)} · {m.priority} · {m.category}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {unread > 0 ? (
        <Form method="post" className="px-4">
          <input type="hidden" name="intent" value="thread-read" />
          <input type="hidden" name="userId" value={user.id} />
          <button type="submit" className="text-sm text-brand-700 underline">
            Mark as read
          </button>
        </Form>
      ) : null}
      <Form method="post" className="space-y-2 border-t border-slate-100 p-4">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor="reply-content" className="text-sm font-medium">
          Reply
        </label>
        <textarea id="reply-content" name="content" rows={3} required maxLength={5000} defaultValue={reply?.intent === "reply" ? reply.values.content : undefined} className={input} />
        {reply?.intent === "reply" && reply.formError ? (
          <p role="alert" className="text-sm text-red-700">
            {reply.formError}
          </p>
        ) : null}
        <button type="submit" className={primary} disabled={sending}>
          Send reply
        </button>
      </Form>
    </section>
  );
}

export function MessagesTab({ threads, thread, reply }: { threads: SupportThread[]; thread: { user: AdminUser; messages: SupportMessage[] } | null; reply: FormReply | null }) {
  const unreadOf = (id: string) => threads.find((t) => t.user.id === id)?.unreadCount ?? 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)]">
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Support threads">
        {threads.map((t) => (
          <li key={t.user.id}>
            <Link
              to={`/admin?tab=messages&thread=${encodeURIComponent(t.user.id)}`}
              aria-current={thread?.user.id === t.user.id ? "true" : undefined}
              className={`flex items-center gap-2 px-4 py-3 hover:bg-slate-50 ${thread?.user.id === t.user.id ? "bg-brand-50" : ""} ${t.unreadCount > 0 ? "font-semibold" : ""}`}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate">{fullName(t.user)}</span>
                <span className="block truncate text-xs font-normal text-slate-600">
                  {t.messageCount} {t.messageCount === 1 ? "message" : "messages"} · {when(t.lastMessageAt)}
                </span>
              </span>
              <CountBadge count={t.unreadCount} label="unread messages" />
            </Link>
          </li>
        ))}
        {threads.length === 0 ? <li className="px-4 py-3 text-sm text-slate-600">No support messages yet.</li> : null}
      </ul>
      {thread ? <Thread key={thread.user.id} user={thread.user} messages={thread.messages} unread={unreadOf(thread.user.id)} reply={reply} /> : <p className="text-sm text-slate-600">Choose a thread to read and reply.</p>}
    </div>
  );
}

