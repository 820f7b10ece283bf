import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRevalidate } from "~/components/use-revalidate";
import { useEffect } from "react";
import { UploadReview, type UploadResult } from "~/components/upload/upload-review";
import { useFormFeedback } from "~/components/settings/use-form-feedback";
import { isFormReply } from "~/domain/form-reply";
import { formFailure, redirectWithFlash, echoValues } from "~/server/form-action.server";
import { memberBudgetIdOf, requirePageUser, riddenRowsFor, rideWithSessionLookup } from "~/server/auth/session.server";
import { readRequestData } from "~/server/body.server";
import { requireBudget } from "~/server/budget.server";
import { categoriesQuery, listCategories } from "~/server/categories.server";
import { approveUpload, createUpload, flipUpload, MAX_UPLOAD_BYTES, uploadRowQuery, uploadView } from "~/server/uploads.server";
import { userRateLimit } from "~/server/rate-limits.server";

export const meta: MetaFunction = () => [{ title: "Transaction Upload · Hearth Budget" }];

// Statement upload (issue 10): choose a file → it is parsed in the background (a progress bar; without
// JavaScript a "Check again" button) → review every row → import the selected ones. The address carries
// the upload (`?upload=<id>`), so every step works without JavaScript and survives a reload.

const FAILURE = {
  upload: { title: "Upload Failed", description: "Upload failed" },
  import: { title: "Import Failed", description: "Import failed" },
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const app = context.app;
  const asked = new URL(request.url).searchParams.get("upload");
  const id = asked && /^[A-Za-z0-9-]{1,100}$/.test(asked) ? asked : null;
  // The categories and the upload's row go out in the session lookup's batch (its parsed result is in R2).
  const ridden = rideWithSessionLookup(app, request, (hash) => [categoriesQuery(app), uploadRowQuery(app, memberBudgetIdOf(app, hash), id ?? "")] as const);
  const user = await requirePageUser(app, request);
  const access = await requireBudget(app, user);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const rows = riddenRowsFor(await ridden, access.budget.id);
  const view = id ? await uploadView(app, access, id, Number.isFinite(page) ? page : 1, rows?.[1]) : null;
  return { upload: view as (UploadResult & { status: string; progress: number; error?: string; fileName: string }) | null, categories: rows?.[0] ?? (await listCategories(app)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const app = context.app;
  const user = await requirePageUser(app, request);
  const access = await requireBudget(app, user);
  const fields = await readRequestData(request, { maxBytes: MAX_UPLOAD_BYTES + 64 * 1024, allowFiles: true });
  const values = echoValues(fields);
  const intent = fields.intent;
  if (intent === "upload") {
    const file = Array.isArray(fields.file) ? fields.file[0] : fields.file;
    if (!(file instanceof File) || file.size === 0) return formFailure(values, "Choose a statement file to upload.", { intent: "upload" });
    const limited = await userRateLimit(app, user.id, "upload");
    if (limited) return formFailure(values, limited.message, { status: 429, intent: "upload" });
    const res = await createUpload(app, user, access, file);
    const body = (await res.json()) as { uploadId?: string; message?: string; status?: string; error?: string; summary?: { totalTransactions: number }; duplicateAnalysis?: { duplicatesFound: number } };
    if (!body.uploadId) return formFailure(values, body.message ?? "Upload failed", { status: res.status, intent: "upload" });
    const to = `/transaction-upload?upload=${body.uploadId}`;
    if (body.status === "failed") return redirectWithFlash(app, request, to, { title: "Upload Failed", description: body.error ?? "Upload failed", variant: "destructive" });
    if (body.status === "processing") return redirectWithFlash(app, request, to, { title: "Processing your statement" });
    return redirectWithFlash(app, request, to, {
      title: "Upload Successful",
      description: `${body.summary?.totalTransactions ?? 0} transactions found, ${body.duplicateAnalysis?.duplicatesFound ?? 0} potential duplicates`,
    });
  }
  if (intent === "import") {
    const uploadId = typeof fields.uploadId === "string" ? fields.uploadId : "";
    const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === "string").slice(0, 5_000);
    const approved = list(fields.approve);
    const all = list(fields.rowId);
    const approvedTransactions = approved.map((id) => {
      const category = fields[`category.${id}`];
      return { id, ...(typeof category === "string" && category ? { category } : {}) };
    });
    const recurring = list(fields.recurring).flatMap((raw) => {
      const [kind, amount = "", category, ...label] = raw.split("|");
      // The amount as sent: approveUpload checks it with the one money parser (a field error, not a rounding).
      return kind === "income" || kind === "expense" ? [{ kind, amount: amount.slice(0, 40), category, label: label.join("|").slice(0, 120) || "Recurring" }] : [];
    }) as Array<{ kind: "income" | "expense"; amount: string; category: string; label: string }>;
    if (!/^[A-Za-z0-9-]{1,100}$/.test(uploadId)) return formFailure(values, "Upload not found.", { status: 404, intent: "import" });
    // The review shows one page; rows on other pages go in as suggested (see approveUpload's shownIds).
    const suggestedElsewhere = Number(fields.suggestedElsewhere ?? 0) || 0;
    // Nothing selected (no JavaScript keeps Import enabled): the review again with a clear message, not an error page.
    if (approvedTransactions.length === 0 && recurring.length === 0 && suggestedElsewhere === 0) return formFailure(values, "Nothing is selected: tick the transactions to import, then press Import.", { status: 200, intent: "import" });
    const res = await approveUpload(app, user, access, uploadId, { approvedTransactions, rejectedTransactions: all.filter((id) => !approved.includes(id)).map((id) => ({ id })), recurring, shownIds: all });
    const body = (await res.json()) as { importedCount?: number; linesAdded?: number; message?: string };
    if (!res.ok) return formFailure(values, body.message ?? "Import failed", { status: res.status, intent: "import" });
    const lines = body.linesAdded ? `, ${body.linesAdded} added to your budget` : "";
    return redirectWithFlash(app, request, "/transaction-upload", { title: "Import Complete", description: `${body.importedCount ?? 0} transactions imported${lines}` });
  }
  if (intent === "flip") {
    const uploadId = typeof fields.uploadId === "string" ? fields.uploadId : "";
    if (!/^[A-Za-z0-9-]{1,100}$/.test(uploadId)) return formFailure(values, "Upload not found.", { status: 404, intent: "flip" });
    const res = await flipUpload(app, access, uploadId);
    const body = (await res.json()) as { message?: string; status?: string };
    if (!res.ok) return formFailure(values, body.message ?? "Could not swap the directions.", { status: res.status, intent: "import" });
    return redirectWithFlash(app, request, `/transaction-upload?upload=${uploadId}`, { title: "Directions swapped", description: "Every row's income and spending was turned round." });
  }
  return formFailure(values, "Unknown action.", { intent: typeof intent === "string" ? intent.slice(0, 40) : undefined });
}

export default function TransactionUpload() {
  const { upload, categories } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useFormFeedback(reply, FAILURE);
  const navigation = useNavigation();
  const revalidate = useRevalidate();
  const processing = upload?.status === "processing";
  // While the job runs, look again every second (without JavaScript: the Check again button).
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(revalidate, 1000);
    return () => clearInterval(timer);
  }, [processing, revalidate]);
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  const failed = isFormReply(reply) ? reply : null;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Transaction Upload</h1>
        <p className="mt-1 text-sm text-slate-600">Upload a bank or card statement: we read every transaction, flag possible duplicates and spot your monthly bills. You review, then import.</p>
      </div>

      {!upload || upload.status === "imported" ? (
        <Form method="post" encType="multipart/form-data" className="rounded-lg border border-slate-200 bg-white p-6" aria-label="Upload a statement">
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor="statement-file" className="block font-semibold">Choose a statement file</label>
          <p id="statement-file-help" className="mt-1 text-sm text-slate-600">CSV, TXT, PDF, OFX, QFX or QIF — up to 10MB. Excel files: coming soon.</p>
          <input id="statement-file" name="file" type="file" required accept=".csv,.txt,.pdf,.ofx,.qfx,.qif,text/csv,text/plain,application/pdf" aria-describedby="statement-file-help" className="mt-3 block w-full text-sm" />
          {failed?.intent === "upload" && failed.formError ? <p role="alert" className="mt-2 text-sm text-red-700">{failed.formError}</p> : null}
          <button type="submit" disabled={uploading} className="mt-4 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50">
            {uploading ? "Uploading..." : "Upload"}
          </button>
          {uploading ? <div role="progressbar" aria-label="Uploading" className="mt-3 h-2 w-full animate-pulse rounded-full bg-brand-200" /> : null}
        </Form>
      ) : processing ? (
        <section className="rounded-lg border border-slate-200 bg-white p-6" aria-labelledby="processing-title">
          <h2 id="processing-title" className="font-semibold">Reading {upload.fileName}…</h2>
          <div role="progressbar" aria-label="Reading the statement" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(upload.progress * 100)} className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200">
            <div className="h-full bg-brand-500 transition-all" style={{ width: `${Math.max(5, Math.round(upload.progress * 100))}%` }} />
          </div>
          <Form method="get" className="mt-4">
            <input type="hidden" name="upload" value={upload.uploadId} />
            <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">Check again</button>
          </Form>
        </section>
      ) : upload.status === "failed" ? (
        <section className="rounded-lg border border-red-200 bg-red-50 p-6" role="alert">
          <h2 className="font-semibold text-red-800">We could not read {upload.fileName}</h2>
          <p className="mt-1 text-sm text-red-800">{upload.error ?? "Upload failed"}</p>
          <Link to="/transaction-upload" className="mt-3 inline-block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium">Upload Different File</Link>
        </section>
      ) : (
        <UploadReview key={`${upload.uploadId}-${upload.pagination?.page ?? 1}-${upload.directionFlipped ? 1 : 0}`} result={upload} categories={categories} reply={failed?.intent === "import" ? failed : null} />
      )}
    </div>
  );
}
