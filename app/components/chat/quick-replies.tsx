import { Form, useNavigation } from "@remix-run/react";
import type { QuickReplies as Replies } from "~/domain/assistant/quick-replies";

/**
 * A bot question's answers as one real form: each option is a submit button, so one tap answers it with
 * JavaScript (Remix submits and revalidates) and without it (a post, then the redirect back to the chat).
 * The server applies what it stored for the option, once; the form carries only which one was chosen.
 */
export function QuickReplies({ replies, conversationId }: { replies: Replies; conversationId: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("questionId") === replies.id;
  if (!conversationId) return null;
  return (
    <Form method="post" action="/?index" className="mt-2" aria-label="Quick replies" data-testid="quick-replies">
      <input type="hidden" name="intent" value="answer-question" />
      <input type="hidden" name="conversationId" value={conversationId} />
      <input type="hidden" name="questionId" value={replies.id} />
      <div className="flex flex-wrap gap-2">
        {replies.options.map((label, index) => (
          <button
            key={label}
            type="submit"
            name="choice"
            value={index}
            disabled={busy}
            className="min-h-[2.5rem] rounded-full border border-brand-600 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
          >
            {label}
          </button>
        ))}
      </div>
    </Form>
  );
}
