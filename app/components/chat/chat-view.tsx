import { Form, useActionData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/use-toast";
import { useRevalidate } from "~/components/use-revalidate";
import type { FormReply } from "~/domain/form-reply";
import { MAX_MESSAGE_CHARS } from "~/domain/chat-schema";
import { ApiError, apiRequest } from "~/lib/api-client";
import { MessageBubble, TypingIndicator } from "./message-bubble";
import { useOutboxItems, useOutboxSender } from "./offline-queue";
import { OutboxList } from "./outbox-list";
import { useVisibleHeight } from "./use-visible-height";
import type { ChatMessage } from "./types";
import { Tip } from "~/components/ui/tooltip";

export const CONVERSATION_AUTOSTART_MS = 1_000;

const inputClass = "max-h-40 min-h-[2.75rem] min-w-0 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-600";

export interface ChatData {
  conversation: { id: string; phase: string } | null;
  messages: ChatMessage[];
  onboardingMessage: string | null;
  welcomeMessage: string | null;
  /** The welcome could not be built: the loading text stays (spec part 1 §9). */
  welcomeFailed?: boolean;
  timeZone: string;
  now: number;
}

function notify(error: unknown, description: string) {
  // A 401 already shows "You are logged out" and goes to sign in (apiRequest).
  if (error instanceof ApiError && error.status === 401) return;
  toast({ title: "Error", description, variant: "destructive" });
}

/** The chat home: message list, typing indicator and the input, JS-enhanced over a plain form. */
export function ChatView({ data, presend = false }: { data: ChatData; presend?: boolean }) {
  // A send's own refresh and the live "changed" the same write causes are one reload, not two racing.
  const revalidate = useRevalidate();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const reply = useActionData<FormReply>();
  const [searchParams] = useSearchParams();
  const [messages, setMessages] = useState<ChatMessage[]>(data.messages);
  const [pending, setPending] = useState<ChatMessage | null>(null);
  // Without JavaScript ?message= cannot send itself: it waits in the box for the Send button.
  const [text, setText] = useState(reply?.values?.content ?? (searchParams.get("message") ?? "").slice(0, MAX_MESSAGE_CHARS));
  const inputRef = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const scrollerRef = useRef<HTMLElement>(null);
  const preSent = useRef(false);
  // Decided once, by the request that opened the page: a later revalidation is always same-origin.
  const presendAllowed = useRef(presend);
  // Rendered enabled on the server: without JavaScript the button must always be able to post.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const conversationId = data.conversation?.id ?? null;
  const sending = pending !== null || navigation.state === "submitting";
  // Offline (or a send that dropped): kept on this device, sent again with the same key (issue 23).
  const outbox = useOutboxSender(revalidate);
  const waiting = useOutboxItems();

  // The loader's list is the truth; it arrives again after every send and every live "changed".
  useEffect(() => setMessages(data.messages), [data.messages]);

  // The one conversation this page starts, shared by the autostart and a Send made before it (a slow phone
  // can hydrate and be tapped within the autostart's second). Two starts would make two conversations, and
  // the page shows the newest: a message sent into the other one would vanish from the screen.
  const starting = useRef<Promise<string | null> | null>(null);
  const startConversation = useCallback(
    () =>
      (starting.current ??= apiRequest<{ id: string }>("POST", "/api/conversation", {}).then(
        (started) => {
          revalidate();
          return started.id;
        },
        (error: unknown) => {
          starting.current = null;
          notify(error, "Failed to start conversation");
          return null;
        },
      )),
    [revalidate],
  );

  // No conversation yet: start one about a second after the page (and its auth check) is ready.
  useEffect(() => {
    if (conversationId) return;
    const timer = setTimeout(() => void startConversation(), CONVERSATION_AUTOSTART_MS);
    return () => clearTimeout(timer);
  }, [conversationId, startConversation]);

  const send = useCallback(
    async (raw: string, into: string | null = conversationId) => {
      const content = raw.trim();
      if (!content || pending || !into) return;
      setPending({ id: `pending-${Date.now()}`, sender: "user", content, messageType: "text", createdAt: new Date().toISOString(), metadata: null, pending: true });
      try {
        const result = await outbox.send(content, into);
        if (result.status === "sent") {
          const sent = result.messages as ChatMessage[];
          setMessages((list) => [...list, ...sent.filter((m) => !list.some((x) => x.id === m.id))]);
          revalidate();
        } else if (result.status === "refused") notify(new Error(result.message), "Failed to send message");
      } catch (error) {
        notify(error, "Failed to send message");
      } finally {
        setPending(null);
      }
    },
    [conversationId, pending, revalidate, outbox],
  );

  // ?message= pre-sends once when the conversation is ready, then leaves the address; only when our own
  // page led here (the loader's `presend`), otherwise it waits in the box like it does without JavaScript.
  useEffect(() => {
    const preset = searchParams.get("message");
    if (!preset || !presendAllowed.current || !conversationId || preSent.current) return;
    preSent.current = true;
    setText((t) => (t === preset.slice(0, MAX_MESSAGE_CHARS) ? "" : t));
    navigate("/", { replace: true, preventScrollReset: true });
    void send(preset);
  }, [conversationId, searchParams, navigate, send]);

  useVisibleHeight();
  // The list scrolls in reverse (flex-col-reverse): its resting place is the bottom, with or without
  // JavaScript, when messages arrive and when the box shrinks. A send brings a reader who scrolled up back.
  useEffect(() => {
    if (scrollerRef.current) scrollerRef.current.scrollTop = 0;
  }, [messages.length, pending, waiting.length]);

  // Without JavaScript Enter must send, so the server renders a one-line input; once hydrated it becomes a
  // textarea (Shift+Enter for a new line), keeping what was typed and the focus.
  const typedBeforeHydration = useRef<{ value: string; focused: boolean } | null>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (input) typedBeforeHydration.current = { value: input.value, focused: document.activeElement === input };
    if (input && input.value !== text) setText(input.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (hydrated && typedBeforeHydration.current?.focused) inputRef.current?.focus();
  }, [hydrated]);

  const submit = () => {
    const content = text.trim();
    if (!content || sending) return;
    setText("");
    // Before the conversation exists, the send waits for the page's one start (and is put back if it fails).
    const sent = conversationId
      ? send(content)
      : startConversation().then((started) => (started ? send(content, started) : setText((t) => t || content)));
    void sent.then(() => inputRef.current?.focus());
    inputRef.current?.focus();
  };

  // Only the newest message may offer quick replies, and only while nothing has been sent after it.
  const openQuestionId = !pending && messages.length > 0 && messages[messages.length - 1].sender === "bot" ? messages[messages.length - 1].id : null;
  const bubble = (m: ChatMessage) => (
    <MessageBubble key={m.id} message={m} now={data.now} timeZone={data.timeZone} conversationId={conversationId} onContinue={(t) => void send(t)} busy={sending} answerable={m.id === openQuestionId} />
  );
  const synthetic = (id: string, content: string, messageType = "text"): ChatMessage => ({ id, sender: "bot", content, messageType, createdAt: new Date(data.now).toISOString(), metadata: null });
  const onboarding = data.conversation?.phase === "onboarding" ? data.onboardingMessage : null;
  const lastBot = [...messages].reverse().find((m) => m.sender === "bot");

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <h1 className="sr-only">Chat</h1>
      {/* Focusable so the keyboard can scroll it; the newest message rests at its bottom (see above). */}
      <section ref={scrollerRef} aria-label="Conversation" tabIndex={0} className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto overscroll-contain px-4" data-testid="message-scroller">
        <ol className="flex flex-col gap-3 py-4" aria-label="Messages" aria-live="polite" data-testid="message-list">
          {messages.length === 0 && !pending && waiting.length === 0 ? (
            !data.conversation || data.welcomeFailed ? (
              <li className="text-center text-sm text-slate-500">
                Loading conversation history... (0 messages)
                {hydrated || data.conversation ? null : (
                  <Form method="post" action="/?index" className="mt-2">
                    <input type="hidden" name="intent" value="start-conversation" />
                    <button type="submit" className="rounded-md border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700">
                      Start conversation
                    </button>
                  </Form>
                )}
              </li>
            ) : onboarding ? (
              bubble(synthetic("onboarding", onboarding))
            ) : data.welcomeMessage ? (
              bubble(synthetic("welcome", data.welcomeMessage, "smart_welcome"))
            ) : null
          ) : (
            <>
              {messages.map(bubble)}
              <OutboxList items={waiting} onCancel={(key) => void outbox.cancel(key)} />
              {pending ? bubble(pending) : null}
              {pending ? <TypingIndicator /> : null}
              {/* Still setting up: the current setup question follows the list (unless the bot just asked it). */}
              {onboarding && !pending && lastBot?.content !== onboarding && !lastBot?.content.endsWith(onboarding) ? bubble(synthetic("onboarding-next", onboarding)) : null}
            </>
          )}
        </ol>
      </section>
      <Form
        method="post"
        action="/?index"
        className="shrink-0 border-t border-slate-200 bg-white px-4 py-3"
        data-testid="chat-form"
        onSubmit={(event) => {
          // Posting the form here would race the autostart into a second conversation (see startConversation).
          event.preventDefault();
          submit();
        }}
      >
        <input type="hidden" name="intent" value="send-message" />
        <input type="hidden" name="conversationId" value={conversationId ?? ""} />
        {reply?.formError || reply?.fieldErrors?.content?.[0] ? (
          <p id="chat-input-error" role="alert" className="mb-2 text-sm text-red-700">
            {reply.fieldErrors?.content?.[0] ?? reply.formError}
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          {hydrated ? (
            <textarea
              id="chat-input"
              ref={inputRef}
              name="content"
              rows={1}
              maxLength={MAX_MESSAGE_CHARS}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
              placeholder="Type expense or question..."
              aria-describedby={reply?.formError ? "chat-input-error" : undefined}
              className={inputClass}
            />
          ) : (
            <input
              id="chat-input"
              ref={inputRef}
              type="text"
              name="content"
              maxLength={MAX_MESSAGE_CHARS}
              value={text}
              onChange={(event) => setText(event.target.value)}
              enterKeyHint="send"
              autoComplete="off"
              placeholder="Type expense or question..."
              aria-describedby={reply?.formError ? "chat-input-error" : undefined}
              className={inputClass}
            />
          )}
          <Tip label="Send message">
            <button
              type="submit"
              disabled={hydrated && (sending || text.trim() === "")}
              className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Send
            </button>
          </Tip>
        </div>
      </Form>
    </div>
  );
}
