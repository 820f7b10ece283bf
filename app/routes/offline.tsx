import type { MetaFunction } from "@remix-run/cloudflare";
import { OfflinePage } from "~/components/pwa/offline-page";

// GET /offline: the service worker caches this page at install (without cookies: it holds no one's data)
// and shows it offline for any address this device has not seen yet (issue 23).
export const meta: MetaFunction = () => [{ title: "Offline · Hearth Budget" }];

export default function Offline() {
  return <OfflinePage />;
}
