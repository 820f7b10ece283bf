import { formatDate } from "~/domain/intl-format";
import { useHydrated } from "./use-hydrated";

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * A date and time in the reader's own zone. The server knows no reader's zone, so it (and the first render
 * in the browser, which must match it for React to hydrate: issue 22 #11's #418/#423/#425 on Settings)
 * writes UTC and says so; after hydration the browser rewrites it in local time.
 */
export function LocalDateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const text = hydrated ? formatDate(iso, DATE_TIME) : `${formatDate(iso, { ...DATE_TIME, timeZone: "UTC" })} UTC`;
  return <time dateTime={iso}>{text}</time>;
}
