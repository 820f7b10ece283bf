import { Form, useNavigation } from "@remix-run/react";
import type { PublicUser } from "~/domain/public-user";
import type { FormReply } from "~/domain/form-reply";
import { FormMessage } from "./use-form-feedback";
import { SettingsSection, formatDate } from "./section";

function Avatar({ user }: { user: PublicUser }) {
  if (user.profileImageUrl) return <img src={user.profileImageUrl} alt="Profile picture" className="h-14 w-14 rounded-full object-cover" />;
  const initial = (user.firstName || user.email || "U").charAt(0).toUpperCase();
  return (
    <span aria-hidden className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-700">
      {initial}
    </span>
  );
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className={`text-sm font-medium ${mono ? "break-all font-mono" : ""}`}>{value}</dd>
    </div>
  );
}

/** Spending/Saving as two submit buttons: it works without JavaScript and every screen follows at once. */
function LanguageSwitch({ current, reply }: { current: "spending" | "saving"; reply: FormReply | null }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "language" ? (navigation.formData.get("languagePreference") as string) : null;
  const shown = pending ?? current;
  return (
    <Form method="post" className="mt-4 border-t border-slate-100 pt-4">
      <input type="hidden" name="intent" value="language" />
      <fieldset>
        <legend className="text-sm font-medium">Language preference</legend>
        <p className="text-xs text-slate-500">Saving turns "Left to Spend" into "Saved this Month" and changes the wording everywhere.</p>
        <div role="group" aria-label="Language preference" className="mt-2 inline-flex rounded-lg border border-slate-300 p-0.5">
          {(["spending", "saving"] as const).map((value) => (
            <button
              key={value}
              type="submit"
              name="languagePreference"
              value={value}
              aria-pressed={shown === value}
              className={`rounded-md px-4 py-1.5 text-sm font-medium ${shown === value ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {value === "spending" ? "Spending" : "Saving"}
            </button>
          ))}
        </div>
      </fieldset>
      <FormMessage reply={reply} id="language-error" />
    </Form>
  );
}

export function AccountInformation({ user, reply }: { user: PublicUser; reply: FormReply | null }) {
  return (
    <SettingsSection id="account" title="Account Information">
      <div className="flex items-center gap-4">
        <Avatar user={user} />
        <div>
          <p className="font-semibold">{[user.firstName, user.lastName].filter(Boolean).join(" ") || user.email}</p>
          <p className="text-sm text-slate-600">{user.email}</p>
        </div>
      </div>
      <dl className="mt-4 divide-y divide-slate-100">
        <Row label="E-mail" value={user.email} />
        <Row label="User ID" value={user.id} mono />
        <Row label="First name" value={user.firstName ?? "—"} />
        <Row label="Last name" value={user.lastName ?? "—"} />
        <Row label="Member since" value={formatDate(user.createdAt)} />
        <Row label="Last updated" value={formatDate(user.updatedAt)} />
      </dl>
      <LanguageSwitch current={user.languagePreference} reply={reply} />
    </SettingsSection>
  );
}
