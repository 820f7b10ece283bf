import type { MetaFunction } from "@remix-run/cloudflare";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { FeatureCard } from "~/components/features/feature-card";
import { toast } from "~/components/ui/use-toast";
import { chatHandoffHref, FEATURE_FAILURE, featureFormSchema } from "~/domain/features";
import { isFormReply } from "~/domain/form-reply";
import { getSessionUser, requirePageUser, riddenUserRows, rideWithSessionLookup, sessionUserIdOf } from "~/server/auth/session.server";
import { featuresQuery, listFeatures, markFeatureViewed } from "~/server/features.server";
import { formFailure, submitForm } from "~/server/form-action.server";

export const meta: MetaFunction = () => [{ title: "New Features · Hearth Budget" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  // The announcements go out in the session lookup's batch: one D1 round trip for the page view.
  const ridden = rideWithSessionLookup(app, request, (hash) => [featuresQuery(app.db, sessionUserIdOf(app, hash))] as const);
  const user = await requirePageUser(app, request);
  return { features: await listFeatures(app, user.id, riddenUserRows(await ridden)?.[0]), open: new URL(request.url).searchParams.get("open") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const submission = await submitForm(request, featureFormSchema);
  const user = await getSessionUser(app, request);
  // Signed out while the page was open: a script call gets 401 (the page says "You are logged out"
  // and goes to sign in); a plain form goes straight to sign in.
  if (!user) {
    if (submission.ok && submission.data.client === "js") return Response.json({ message: "Unauthorized" }, { status: 401 });
    return requirePageUser(app, request);
  }
  if (!submission.ok) return submission.reply;
  const { data, values } = submission;
  const found = await markFeatureViewed(app, user.id, data.featureId);
  if (!found) return formFailure(values, FEATURE_FAILURE[data.intent].description, { status: 404, intent: data.intent });
  if (data.intent === "show-me-how") {
    const feature = (await listFeatures(app, user.id)).find((f) => f.id === data.featureId);
    if (!feature?.chatTrigger) return formFailure(values, FEATURE_FAILURE["show-me-how"].description, { status: 404, intent: data.intent });
    return redirect(chatHandoffHref(feature.chatTrigger), 303);
  }
  if (data.client === "js") return Response.json({ ok: true });
  return redirect(`/new-features?open=${encodeURIComponent(data.featureId)}#feature-${encodeURIComponent(data.featureId)}`, 303);
}

export default function NewFeaturesScreen() {
  const { features, open } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useEffect(() => {
    if (isFormReply(reply) && (reply.intent === "view" || reply.intent === "show-me-how")) {
      toast({ title: FEATURE_FAILURE[reply.intent].title, description: FEATURE_FAILURE[reply.intent].description, variant: "destructive" });
    }
  }, [reply]);
  const unviewed = features.filter((f) => !f.viewed).length;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">New Features</h1>
      <p className="mt-1 text-sm text-slate-600">{unviewed > 0 ? `${unviewed} new ${unviewed === 1 ? "announcement" : "announcements"} to explore.` : "You're all caught up."}</p>
      {isFormReply(reply) && reply.formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {reply.formError}
        </p>
      ) : null}
      {features.length === 0 ? (
        <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">No announcements yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {features.map((f) => (
            <FeatureCard key={f.id} feature={f} open={open === f.id} />
          ))}
        </ul>
      )}
    </div>
  );
}
