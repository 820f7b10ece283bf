import { chatTimestamp } from "~/domain/chat-time";
import { formatUSD, toCents } from "~/domain/money";
import { UPLOAD_GUIDE_MARKER } from "~/domain/assistant/markers";
import { SetupCard } from "./setup-card";
import { receiptOf, type ChatMessage } from "./types";

interface Props {
  message: ChatMessage;
  now: number;
  timeZone: string;
  conversationId: string | null;
  onContinue?: (text: string) => void;
  busy?: boolean;
}

/** One bubble, styled by sender and messageType: user, feedback (amber), expense_logged (a receipt), bot. */
export function MessageBubble({ message, now, timeZone, conversationId, onContinue, busy }: Props) {
  const mine = message.sender === "user";
  const time = chatTimestamp(message.createdAt, now, timeZone);
  const hasGuide = !mine && message.content.includes(UPLOAD_GUIDE_MARKER);
  const text = hasGuide ? message.content.replace(UPLOAD_GUIDE_MARKER, "").replace(/\n{3,}/g, "\n\n").trim() : message.content;
  const receipt = message.messageType === "expense_logged" ? receiptOf(message.metadata) : null;
  let body;
  if (receipt) {
    body = (
      <div className="rounded-2xl rounded-bl-sm border border-brand-100 bg-white px-4 py-3 shadow-sm" data-testid="receipt">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">✓ Logged</p>
        <p className="mt-1 text-xl font-bold">{formatUSD(toCents(receipt.amount) ?? 0)}</p>
        <p className="text-sm text-slate-700">{receipt.description}</p>
        <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700" data-testid="category-chip">
          <span aria-hidden="true">{receipt.category.emoji}</span>
          {receipt.category.name}
        </span>
        <p className="sr-only">{text}</p>
      </div>
    );
  } else {
    const style = mine
      ? "rounded-br-sm bg-brand-600 text-white"
      : message.messageType === "feedback"
        ? "rounded-bl-sm border border-amber-200 bg-amber-50 text-amber-900"
        : "rounded-bl-sm border border-slate-200 bg-white text-slate-800";
    body = <div className={`whitespace-pre-wrap rounded-2xl px-4 py-2 text-sm ${style}`}>{text}</div>;
  }
  return (
    <li id={`m-${message.id}`} className={`flex flex-col ${mine ? "items-end" : "items-start"}`} data-sender={message.sender} data-type={message.messageType}>
      <div className="max-w-[85%]">
        {body}
        {hasGuide ? <SetupCard conversationId={conversationId} onContinue={onContinue} disabled={busy} /> : null}
      </div>
      <p className="mt-1 px-1 text-xs text-slate-600">{message.pending ? "Sending…" : time}</p>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex items-start" aria-live="polite" data-testid="typing-indicator">
      <span className="sr-only">The assistant is typing</span>
      <div className="flex gap-1 rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3" aria-hidden="true">
        <span className="h-2 w-2 animate-pulse rounded-full bg-slate-400" />
        <span className="h-2 w-2 animate-pulse rounded-full bg-slate-400 [animation-delay:150ms]" />
        <span className="h-2 w-2 animate-pulse rounded-full bg-slate-400 [animation-delay:300ms]" />
      </div>
    </li>
  );
}
