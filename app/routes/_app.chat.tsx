import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

// Invitation acceptance sends people to /chat; the chat lives at "/" (a ?message= comes along).
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/${new URL(request.url).search}`);
}
