import { Form, Link, useNavigation } from "@remix-run/react";
import type { FormReply } from "~/domain/form-reply";
import { useWording } from "~/components/use-wording";
import { FormMessage } from "./use-form-feedback";
import { SettingsSection, formatDate } from "./section";

/** A switch that is a submit button: it flips the consent with or without JavaScript. */
export function SmsConsent({ consent, since, reply }: { consent: boolean; since: string | null; reply: FormReply | null }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "sms-consent";
  const on = pending ? navigation.formData?.get("consent") === "true" : consent;
  return (
    <SettingsSection id="sms" title="Text Messages">
      <Form method="post" className="flex items-center justify-between gap-4">
        <input type="hidden" name="intent" value="sms-consent" />
        <input type="hidden" name="consent" value={on ? "false" : "true"} />
        <div>
          <p id="sms-label" className="text-sm font-medium">
            SMS updates
          </p>
          <p id="sms-help" className="text-xs text-slate-500">
            {on ? `You agreed to receive text messages${since ? ` on ${formatDate(since)}` : ""}.` : "Receive budget reminders and account notices by text message."}
          </p>
        </div>
        <button
          type="submit"
          role="switch"
          aria-checked={on}
          aria-labelledby="sms-label"
          aria-describedby="sms-help"
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${on ? "bg-brand-600" : "bg-slate-300"}`}
        >
          <span aria-hidden className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${on ? "translate-x-5" : "translate-x-0.5"}`} />
        </button>
      </Form>
      <FormMessage reply={reply} id="sms-error" />
    </SettingsSection>
  );
}

export function About() {
  const { w } = useWording();
  return (
    <SettingsSection id="about" title="About">
      <p className="text-sm text-slate-600">{w("Hearth Budget keeps one honest left-to-spend number for the whole household.")}</p>
      <Link to="/privacy-terms" className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
        Privacy Policy &amp; Terms of Service
      </Link>
    </SettingsSection>
  );
}
