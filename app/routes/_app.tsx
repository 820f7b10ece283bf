import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/shell/app-shell";
import { isProfileComplete } from "~/domain/profile";
import { signInRedirect } from "~/server/auth/session.server";
import { loadSessionAndShell } from "~/server/shell.server";

/**
 * The signed-in layout, around every app screen including "/" (the chat), so the shell — and its live
 * connection and badges — stays mounted while people move between screens. "/" is also the landing page
 * for visitors and the profile screen for incomplete profiles: those two get no shell at all.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, shell } = await loadSessionAndShell(context.app, request);
  const url = new URL(request.url);
  const home = url.pathname === "/";
  if (!user) {
    if (home) return { shell: null };
    throw await signInRedirect(context.app, request);
  }
  if (!isProfileComplete(user)) {
    if (home) return { shell: null };
    throw redirect("/");
  }
  return { shell };
}

export default function SignedInLayout() {
  const { shell } = useLoaderData<typeof loader>();
  if (!shell) return <Outlet />;
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}
