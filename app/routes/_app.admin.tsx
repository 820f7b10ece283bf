import type { MetaFunction } from "@remix-run/cloudflare";
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ShieldAlert } from "lucide-react";
import { Placeholder } from "~/components/placeholder";
import { requirePageUser } from "~/server/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Admin · Hearth Budget" }];

// The admin screen itself arrives with its own issue; who may see it is decided on the server now.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePageUser(context.app, request);
  return data({ allowed: user.isAdmin }, { status: user.isAdmin ? 200 : 403 });
}

export default function AdminScreen() {
  const { allowed } = useLoaderData<typeof loader>();
  if (!allowed) {
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
  return <Placeholder title="Admin" />;
}
