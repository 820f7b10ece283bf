import { useSearchParams } from "@remix-run/react";
import type { MatchedBillPayment } from "~/domain/bank";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

// Which bill's bank sync panel is open. The trigger sits in the bill's row, inside the details form; the
// panel is a dialog rendered outside that form (a form cannot hold another). Without JavaScript the
// trigger is a `?sync=<line id>` link and the server renders the panel; with it, it opens in place.

interface PanelState {
  openId: string | null;
  /** This period's bank payment matched to each bill, by line id. */
  matched: Record<string, MatchedBillPayment>;
  open: (lineId: string) => void;
  close: () => void;
}

const BankSyncPanelContext = createContext<PanelState | null>(null);

export function BankSyncPanelProvider({ children, matched }: { children: ReactNode; matched: Record<string, MatchedBillPayment> }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get("sync");
  const [openId, setOpenId] = useState<string | null>(asked);
  useEffect(() => setOpenId(asked), [asked]);
  const value: PanelState = {
    openId,
    matched,
    open: setOpenId,
    close: () => {
      setOpenId(null);
      if (params.has("sync")) {
        const next = new URLSearchParams(params);
        next.delete("sync");
        next.delete("keep");
        setParams(next, { replace: true, preventScrollReset: true });
      }
    },
  };
  return <BankSyncPanelContext.Provider value={value}>{children}</BankSyncPanelContext.Provider>;
}

export function useBankSyncPanel(): PanelState | null {
  return useContext(BankSyncPanelContext);
}

/** The no-JavaScript link that opens (or closes) a bill's panel, keeping the page's other parameters. */
export function panelHref(params: URLSearchParams, lineId: string | null): string {
  const next = new URLSearchParams(params);
  next.delete("sync");
  next.delete("keep");
  if (lineId) next.set("sync", lineId);
  const query = next.toString();
  return `/budget-panel${query ? `?${query}` : ""}${lineId ? "#bank-sync-dialog" : ""}`;
}
