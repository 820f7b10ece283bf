import { useEffect, useState, type ReactElement } from "react";

// Spec part 1 "Tooltip": 700 ms before one opens, 300 ms in which the next opens at once.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// Radix's tooltip brings floating-ui (~14 KB gzip): too much for the first load of every page for a hint
// that only appears after 700 ms of hovering. It is fetched once after hydration; until then (and without
// JavaScript) the button is shown as it is, named by its own aria-label.
type TooltipModule = typeof import("@radix-ui/react-tooltip");
let loaded: TooltipModule | null = null;
let loading: Promise<TooltipModule> | null = null;

function useTooltipModule(): TooltipModule | null {
  const [mod, setMod] = useState<TooltipModule | null>(loaded);
  useEffect(() => {
    if (mod) return;
    let live = true;
    loading ??= import("@radix-ui/react-tooltip").then((m) => (loaded = m));
    loading.then((m) => live && setMod(m)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mod]);
  return mod;
}

/** Names an icon-only (or icon-led) button for people who do not know the icon. */
export function Tip({ label, children, side = "top" }: { label: string; children: ReactElement; side?: "top" | "bottom" | "left" | "right" }) {
  const T = useTooltipModule();
  if (!T) return children;
  return (
    <T.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content side={side} sideOffset={6} className="z-[200] rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow" data-testid="tooltip">
            {label}
            <T.Arrow className="fill-slate-900" />
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}
