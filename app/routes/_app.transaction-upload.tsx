import type { MetaFunction } from "@remix-run/cloudflare";
import { Placeholder } from "~/components/placeholder";

export const meta: MetaFunction = () => [{ title: "Transaction Upload · Hearth Budget" }];

export default function Screen() {
  return <Placeholder title="Transaction Upload" />;
}
