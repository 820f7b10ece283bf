import { useEffect } from "react";
import { toast } from "~/components/ui/use-toast";
import { isFormReply, type FormReply } from "~/domain/form-reply";

/**
 * With JavaScript, a refused form also shows the spec's toast for its intent. Without it, the page shows
 * the same message next to the form (see FormMessage), so nothing depends on the toast.
 */
export function useFormFeedback(reply: unknown, titles: Record<string, { title: string; description: string }>, validationTitle?: Record<string, string>) {
  useEffect(() => {
    if (!isFormReply(reply) || !reply.intent) return;
    const known = titles[reply.intent];
    if (!known) return;
    const invalid = reply.fieldErrors && Object.keys(reply.fieldErrors).length > 0;
    if (invalid && validationTitle?.[reply.intent]) {
      toast({ title: validationTitle[reply.intent], description: Object.values(reply.fieldErrors)[0]?.[0] ?? "", variant: "destructive" });
      return;
    }
    toast({ title: known.title, description: reply.formError ?? known.description, variant: "destructive" });
  }, [reply, titles, validationTitle]);
}

/** The reply for this form only (several forms share one action). */
export function replyFor(reply: unknown, intent: string): FormReply | null {
  return isFormReply(reply) && reply.intent === intent ? reply : null;
}

export function FormMessage({ reply, id }: { reply: FormReply | null; id: string }) {
  if (!reply) return null;
  const text = reply.formError ?? Object.values(reply.fieldErrors)[0]?.[0];
  if (!text) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm text-red-700">
      {text}
    </p>
  );
}
