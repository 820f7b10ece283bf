import { Form, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { MAX_MESSAGE_CHARS } from "~/domain/chat-schema";
import { useOutboxItems, useOutboxSender } from "~/components/chat/offline-queue";
import { OutboxList } from "~/components/chat/outbox-list";
import { toast } from "~/components/ui/use-toast";

/**
 * What the service worker shows offline for a page never seen on this device (issue 23): the chat input,
 * whose messages wait in the outbox and are sent (to the current conversation) when the connection returns.
 * Without JavaScript there is no service worker; the form is the chat's own and posts to "/".
 */
export function OfflinePage() {
  const navigate = useNavigate();
  const items = useOutboxItems();
  const outbox = useOutboxSender(() => undefined);
  const [text, setText] = useState("");

  const submit = async () => {
    const content = text.trim();
    if (!content) return;
    setText("");
    const result = await outbox.send(content, null);
    if (result.status === "sent") navigate("/");
    else if (result.status === "refused") toast({ title: "Error", description: result.message, variant: "destructive" });
  };

  return (
    <main className="mx-auto flex min-h-full max-w-2xl flex-col px-4 py-6">
      <h1 className="text-xl font-bold">You are offline</h1>
      <p className="mt-2 text-sm text-slate-600">
        This page has not been saved on this device yet. You can still log spending: it waits here and is sent, on the day you typed it, when you are back
        online.
      </p>
      <ol className="flex flex-1 flex-col gap-3 py-4" aria-label="Waiting to send" data-testid="message-list">
        <OutboxList items={items} onCancel={(key) => void outbox.cancel(key)} />
      </ol>
      <Form
        method="post"
        action="/?index"
        className="sticky bottom-0 border-t border-slate-200 bg-white px-1 py-3"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <input type="hidden" name="intent" value="send-message" />
        <div className="flex items-end gap-2">
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          <textarea
            id="chat-input"
            name="content"
            rows={1}
            maxLength={MAX_MESSAGE_CHARS}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
            placeholder="Type expense or question..."
            className="max-h-40 min-h-[2.75rem] flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-600"
          />
          <button type="submit" className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
            Send
          </button>
        </div>
      </Form>
      <a href="/" className="mt-3 text-sm font-medium text-brand-700 underline">
        Go to the chat
      </a>
    </main>
  );
}
