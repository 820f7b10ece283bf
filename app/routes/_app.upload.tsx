import { redirect } from "@remix-run/cloudflare";

// The chat's Bulk Upload card links to /upload; the upload screen lives at /transaction-upload.
export async function loader() {
  return redirect("/transaction-upload");
}
