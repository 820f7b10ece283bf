import type { MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { NotFound } from "~/components/not-found";

export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }];

export async function loader() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
