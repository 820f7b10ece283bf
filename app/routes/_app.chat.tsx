import { redirect } from "@remix-run/cloudflare";

// Invitation acceptance sends people to /chat; the chat lives at "/".
export async function loader() {
  return redirect("/");
}
