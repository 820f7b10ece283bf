import { useFetchers, useMatches, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo } from "react";
import { RevalidationGate, type RouterPhase } from "~/lib/revalidation-gate";

// One gate for the page (there is one router): every component's asks are coalesced together. Made on the
// first ask or render commit, so only in the browser.
let gate: RevalidationGate | null = null;
let revalidateNow: () => void = () => {};
const pageGate = () => (gate ??= new RevalidationGate(() => revalidateNow()));

/**
 * Reloads the page's loader data like `useRevalidator().revalidate`, but never while the router is loading
 * (a reload, a navigation, a fetcher): then it is made once, when the router is idle (see RevalidationGate).
 * Use this instead of calling `revalidate()` directly. The function is stable.
 */
export function useRevalidate(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const matches = useMatches();
  // Each component gets its own (memoized) list of matches; the data entries in it are the router's own.
  const data = useMemo(() => matches.map((m) => m.data), [matches]);
  const states = [navigation.state, ...fetchers.map((f) => f.state)];
  const phase: RouterPhase = states.includes("submitting") ? "submitting" : revalidator.state !== "idle" || states.includes("loading") ? "loading" : "idle";
  useEffect(() => {
    revalidateNow = revalidator.revalidate;
    pageGate().observe({ phase, data });
  }, [phase, data, revalidator.revalidate]);
  return useCallback(() => pageGate().request(), []);
}
