import type { MetaFunction } from "@remix-run/cloudflare";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { ActivityTab } from "~/components/admin/activity-tab";
import { MessagesTab } from "~/components/admin/messages-tab";
import { PublishFeature } from "~/components/admin/publish-feature";
import { UsersTab } from "~/components/admin/users-tab";
import { toast } from "~/components/ui/use-toast";
import { ADMIN_TOASTS, adminFormSchema, type AdminIntent, type AdminTab } from "~/domain/admin-forms";
import { isFormReply, type FormReply } from "~/domain/form-reply";
import { ACCESS_DENIED, AccountConflict, deleteUserAsAdmin, findUser, setUserAdmin, setUserStatus } from "~/server/admin.server";
import { adminPageQueries, adminPageRides, loadAdminPage } from "~/server/admin-page.server";
import { requirePageUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { publishFeature } from "~/server/features.server";
import { formFailure, redirectWithFlash, submitForm } from "~/server/form-action.server";
import { markThreadRead, replySubject, sendAdminMessage } from "~/server/support.server";

export const meta: MetaFunction = () => [{ title: "Admin · Hearth Budget" }];

// Admins only, decided on the server for the page and for every form.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const url = new URL(request.url);
  // The users tab's list goes out in the session lookup's batch (it reads nothing unless the session's user is an admin).
  const ridden = adminPageRides(url) ? rideWithSessionLookup(app, request, (hash) => adminPageQueries(app, url, sessionUserIdOf(app, hash))) : null;
  const user = await requirePageUser(app, request);
  if (!user.isAdmin) return data({ allowed: false as const }, { status: 403 });
  return { allowed: true as const, page: await loadAdminPage(app, url, riddenUserRows(await ridden)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const admin = await requirePageUser(app, request);
  if (!admin.isAdmin) return formFailure({}, ACCESS_DENIED, { status: 403 });
  const submission = await submitForm(request, adminFormSchema);
  if (!submission.ok) return submission.reply;
  const { data: input, values } = submission;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const done = (to: string = back) => redirectWithFlash(app, request, to, { title: ADMIN_TOASTS[input.intent].ok });
  const fail = (message: string, status: number) => formFailure(values, message, { status, intent: input.intent });
  try {
    if (input.intent === "publish-feature") {
      const { intent: _intent, ...feature } = input;
      await publishFeature(app, admin.id, feature);
      return done();
    }
    const target = await findUser(app, input.userId);
    if (!target) return fail("User not found.", 404);
    switch (input.intent) {
      case "set-status":
        await setUserStatus(app, admin, target, input.status);
        return done();
      case "set-admin":
        await setUserAdmin(app, admin, target, input.isAdmin === "true");
        return done();
      case "send-message":
        await sendAdminMessage(app, admin.id, input);
        return done();
      case "reply":
        await sendAdminMessage(app, admin.id, { userId: target.id, subject: await replySubject(app, target.id), content: input.content, priority: "normal", category: "general" });
        return done();
      case "thread-read":
        await markThreadRead(app, target.id);
        return input.client === "js" ? Response.json({ ok: true }) : redirect(back, 303);
      case "delete-user": {
        await deleteUserAsAdmin(app, admin, target);
        const search = url.searchParams.get("search");
        return done(`/admin?tab=users${search ? `&search=${encodeURIComponent(search)}` : ""}`);
      }
    }
  } catch (error) {
    if (error instanceof AccountConflict) return fail(error.message, 409);
    throw error;
  }
}

const TABS: Array<[AdminTab, string]> = [
  ["users", "Users"],
  ["messages", "Messages"],
  ["activity", "Activity Logs"],
  ["announcements", "Announcements"],
];

function Denied() {
  return (
    <section aria-labelledby="denied-title" className="mx-auto mt-12 max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center">
      <ShieldAlert className="mx-auto h-10 w-10 text-red-500" aria-hidden />
      <h1 id="denied-title" className="mt-3 text-xl font-bold">
        Access Denied
      </h1>
      <p className="mt-2 text-sm text-slate-600">You don't have permission to access the admin panel.</p>
    </section>
  );
}

export default function AdminScreen() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply: FormReply | null = isFormReply(actionData) ? actionData : null;
  useEffect(() => {
    if (!reply) return;
    const known = reply.intent ? ADMIN_TOASTS[reply.intent as AdminIntent] : undefined;
    toast({ title: known?.failed ?? "Error", description: reply.formError ?? Object.values(reply.fieldErrors)[0]?.[0], variant: "destructive" });
  }, [reply]);
  if (!loaded.allowed) return <Denied />;
  const { page } = loaded;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Admin</h1>
      <nav aria-label="Admin sections" className="flex gap-1 border-b border-slate-200">
        {TABS.map(([key, label]) => (
          <Link
            key={key}
            to={`/admin?tab=${key}`}
            aria-current={page.tab === key ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${page.tab === key ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {page.tab === "users" ? <UsersTab users={page.users} search={page.search} selected={page.selected} reply={reply} /> : null}
      {page.tab === "messages" ? <MessagesTab threads={page.threads} thread={page.thread} reply={reply} /> : null}
      {page.tab === "activity" ? <ActivityTab log={page.log} filter={page.filter} users={page.users} /> : null}
      {page.tab === "announcements" ? <PublishFeature reply={reply?.intent === "publish-feature" ? reply : null} /> : null}
    </div>
  );
}
