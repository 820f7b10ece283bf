import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { completeProfileSchema, profileErrorTitle } from "~/domain/profile";
import { toast } from "~/components/ui/use-toast";

interface ProfileActionData {
  fieldErrors?: Record<string, string[] | undefined>;
  values?: { firstName: string; lastName: string; phoneNumber: string; smsOptInConsent: boolean };
  toast?: { title: string; description: string };
}

/** The only screen while first name, last name or phone is missing: no sidebar, no navigation. */
export function ProfileCompletion({ defaults }: { defaults: { firstName: string | null; lastName: string | null; email: string } }) {
  const actionData = useActionData<ProfileActionData>();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string[] | undefined> | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (actionData?.toast) toast({ ...actionData.toast, variant: "destructive" });
  }, [actionData]);

  // With JavaScript, check before sending (same schema as the server) and explain with a toast.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = completeProfileSchema.safeParse(values);
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    setClientErrors(fieldErrors);
    toast({ title: profileErrorTitle(fieldErrors), description: Object.values(fieldErrors)[0]?.[0] ?? "", variant: "destructive" });
  };

  const field = (name: "firstName" | "lastName" | "phoneNumber") => ({
    id: name,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
    className: "mt-1 w-full rounded-md border border-slate-300 px-3 py-2",
  });
  const message = (name: string) =>
    errors[name]?.[0] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]?.[0]}
      </p>
    ) : null;

  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold">Complete Your Profile</h1>
        <p className="mt-2 text-sm text-slate-600">A few details so your household knows who is who. Signed in as {defaults.email}.</p>
        <Form method="post" className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="intent" value="complete-profile" />
          <div>
            <label htmlFor="firstName" className="block text-sm font-medium">
              First name
            </label>
            <input {...field("firstName")} defaultValue={actionData?.values?.firstName ?? defaults.firstName ?? ""} autoComplete="given-name" />
            {message("firstName")}
          </div>
          <div>
            <label htmlFor="lastName" className="block text-sm font-medium">
              Last name
            </label>
            <input {...field("lastName")} defaultValue={actionData?.values?.lastName ?? defaults.lastName ?? ""} autoComplete="family-name" />
            {message("lastName")}
          </div>
          <div>
            <label htmlFor="phoneNumber" className="block text-sm font-medium">
              Cell phone number
            </label>
            <input {...field("phoneNumber")} defaultValue={actionData?.values?.phoneNumber ?? ""} type="tel" inputMode="tel" autoComplete="tel" placeholder="+1 (555) 123-4567" />
            {message("phoneNumber")}
          </div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" name="smsOptInConsent" defaultChecked={actionData?.values?.smsOptInConsent ?? false} className="mt-1" />
            <span>Send me budget reminders by text message. Message and data rates may apply; reply STOP to opt out.</span>
          </label>
          {/* A server failure (no field to blame) is said here too, for a page without JavaScript. */}
          {actionData?.toast && !Object.keys(actionData.fieldErrors ?? {}).length ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {actionData.toast.description}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className="w-full rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {busy ? "Saving…" : "Complete Profile"}
          </button>
        </Form>
      </div>
    </main>
  );
}
