import { chatTimestamp } from "~/domain/chat-time";
import { formatUSD, toCents } from "~/domain/money";
import { UPLOAD_GUIDE_MARKER } from "~/domain/assistant/markers";
import { quickRepliesOf } from "~/domain/assistant/quick-replies";
import { useWording } from "~/components/use-wording";
import { QuickReplies } from "./quick-replies";
import { SetupCard } from "./setup-card";
import { receiptOf, type ChatMessage } from "./types";

interface Props {
  message: ChatMessage;
  now: number;
  timeZone: string;
  conversationId: string | null;
  onContinue?: (text: string) => void;
  busy?: boolean;
  /** This message's quick replies can still be answered (the newest question, nothing typed since). */
  answerable?: boolean;
}

/** One bubble, styled by sender and messageType: user, feedback (amber), expense_logged (a receipt), bot. */
export function MessageBubble({ message, now, timeZone, conversationId, onContinue, busy, answerable }: Props) {
  const link = linkOf(message.metadata);
  const replies = answerable && !message.pending ? quickRepliesOf(message.metadata) : null;
  const mine = message.sender === "user";
  const time = chatTimestamp(message.createdAt, now, timeZone);
  const hasGuide = !mine && message.content.includes(UPLOAD_GUIDE_MARKER);
  const { w } = useWording();
  const content = hasGuide ? message.content.replace(UPLOAD_GUIDE_MARKER, "").replace(/\n{3,}/g, "\n\n").trim() : message.content;
  // A reply is worded when it is written, in the wording of that moment: one written before the user
  // switched to Saving is re-worded here, so the whole conversation reads one way (issue 22 #10).
  const text = mine ? content : w(content);
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
        {link ? (
          <a href={link.href} className="mt-2 inline-block rounded-md text-sm font-semibold text-brand-700 underline underline-offset-2" data-testid="reply-link">
            {link.label}
          </a>
        ) : null}
        {replies ? <QuickReplies replies={replies} conversationId={conversationId} /> : null}
      </div>
      <p className="mt-1 px-1 text-xs text-slate-600">{message.pending ? "Sending…" : time}</p>
    </li>
  );
}

/** A reply's link to a screen of the app (same-origin paths only: metadata is data, never trusted markup). */
function linkOf(metadata: unknown): { href: string; label: string } | null {
  const link = (metadata as { link?: { href?: unknown; label?: unknown } } | null | undefined)?.link;
  if (!link || typeof link.href !== "string" || typeof link.label !== "string") return null;
  return /^\/(?!\/)[\w\-/?=&#.]*$/.test(link.href) ? { href: link.href, label: link.label } : null;
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
