import type { MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/placeholder";

export const meta: MetaFunction = () => [{ title: "Bank Connections · Hearth Budget" }];

export default function Screen() {
  return <Placeholder title="Bank Connections" />;
}
