/**
 * One reload of the page's data at a time. The router cancels a revalidation (or a navigation's or a
 * fetcher's loads) when another revalidation starts, and with single fetch a load cancelled while its answer
 * is being read logs "AbortError: signal is aborted without reason" (react-router #14203). Many things ask
 * for a reload, often at once: the live socket's "changed" (one per write, in bursts), a chat send's own
 * refresh, the outbox, coming back online, midnight. So an ask made while the router is loading, or while
 * the reload we started has not been seen to finish, is remembered, and made once when the router is idle.
 *
 * An ask made while a form or fetcher is submitting is answered by the reload the router makes after the
 * action, if it makes one (not after a refused, 4xx, action): a write of this page then costs one reload, and
 * no second one is left running for the reader's next click to cancel.
 *
 * Pure (no React): `useRevalidate` (app/components/use-revalidate.ts) feeds it what each render saw.
 */

/** What the router is doing: submitting (an action runs; its reload follows), loading, or nothing. */
export type RouterPhase = "idle" | "submitting" | "loading";

/** The router as the last render saw it. */
export interface RouterActivity {
  phase: RouterPhase;
  /**
   * The page's loader data as rendered, one entry per route: every finished load replaces the entries it
   * loaded. Compared entry by entry, as each component that renders sees its own list of the same entries.
   */
  data: readonly unknown[];
}

const sameData = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((entry, i) => entry === b[i]);

export class RevalidationGate {
  private latest: RouterActivity = { phase: "idle", data: [] };
  /** The reload we started: the data it would replace, and whether the router was since seen busy. */
  private ours: { data: readonly unknown[]; sawBusy: boolean } | null = null;
  /** A reload is owed: "yes", or "unless-reloaded" (asked during a submission: its reload will do). */
  private wanted: "no" | "yes" | "unless-reloaded" = "no";

  constructor(private readonly revalidate: () => void) {}

  /** Asks for a reload: now if the router is idle and ours is done, else once it is. */
  request(): void {
    if (this.ours || this.latest.phase === "loading") this.wanted = "yes";
    else if (this.latest.phase === "submitting") this.wanted = this.wanted === "yes" ? "yes" : "unless-reloaded";
    else this.begin();
  }

  /**
   * What a render committed. Ours is done when the router is idle again after being seen busy, or (a
   * render may skip the busy state: router updates are transitions) when the loader data was replaced.
   */
  observe(now: RouterActivity): void {
    this.latest = now;
    if (this.ours) {
      if (now.phase !== "idle") this.ours.sawBusy = true;
      else if (this.ours.sawBusy || !sameData(now.data, this.ours.data)) this.ours = null;
    }
    // The submission's reload began after the ask: it loads what the ask was for.
    if (this.wanted === "unless-reloaded" && now.phase === "loading") this.wanted = "no";
    if (this.wanted !== "no" && !this.ours && now.phase === "idle") {
      this.wanted = "no";
      this.begin();
    }
  }

  private begin(): void {
    this.ours = { data: this.latest.data, sawBusy: false };
    this.revalidate();
  }
}
