import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/shell/app-shell";
import { isProfileComplete } from "~/domain/profile";
import { requirePageUser } from "~/server/auth/session.server";
import { loadShell } from "~/server/shell.server";

// Every signed-in screen except "/" sits in this layout. An incomplete profile only ever sees "/".
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePageUser(context.app, request);
  if (!isProfileComplete(user)) throw redirect("/");
  return { shell: await loadShell(context.app, user) };
}

export default function SignedInLayout() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}
