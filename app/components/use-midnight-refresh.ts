import { useEffect } from "react";
import { localDayKey, msUntilNextLocalMidnight } from "~/domain/local-midnight";
import { useRevalidate } from "./use-revalidate";

// A page left open overnight would keep yesterday's per-day figure and days left: nothing else changes
// it (a monthly reset does, through the live socket's "changed"). So the page reloads its data at local
// midnight in the budget's time zone, and when it comes back into view on another day (a sleeping phone
// fires timers late or never).
const MARGIN_MS = 1_000;

export function useMidnightRefresh(timeZone: string | null | undefined): void {
  const revalidate = useRevalidate();

  useEffect(() => {
    if (!timeZone) return;
    let day = localDayKey(Date.now(), timeZone);
    let timer: ReturnType<typeof setTimeout>;
    const refreshIfNewDay = () => {
      const today = localDayKey(Date.now(), timeZone);
      if (today === day) return;
      day = today;
      revalidate();
    };
    const schedule = () => {
      timer = setTimeout(() => {
        refreshIfNewDay();
        schedule();
      }, msUntilNextLocalMidnight(Date.now(), timeZone) + MARGIN_MS);
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") refreshIfNewDay();
    };
    schedule();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [timeZone, revalidate]);
}
