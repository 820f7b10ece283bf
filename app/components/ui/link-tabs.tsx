import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";

/**
 * Tabs chosen by `?tab=`: the loader's tab wins whenever it changes (a PRG redirect or a link), and a click
 * switches in place and writes the address without a navigation, so a reload or a shared link keeps the tab.
 */
export function useLinkTab<T extends string>(fromLoader: T): [T, (value: string) => void] {
  const [active, setActive] = useState<T>(fromLoader);
  const [shown, setShown] = useState(fromLoader);
  if (shown !== fromLoader) {
    setShown(fromLoader);
    setActive(fromLoader);
  }
  const select = (value: string) => {
    setActive(value as T);
    const url = new URL(window.location.href);
    url.searchParams.set("tab", value);
    window.history.replaceState(window.history.state, "", url);
  };
  return [active, select];
}

/** The tab buttons: links, so the tabs also work without JavaScript; with it, Radix switches in place. */
export function LinkTabsList({ label, tabs }: { label: string; tabs: ReadonlyArray<{ value: string; label: string }> }) {
  return (
    <Tabs.List aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((t) => (
        <Tabs.Trigger key={t.value} value={t.value} asChild>
          <a
            href={`?tab=${t.value}`}
            onClick={(e) => e.preventDefault()}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {t.label}
          </a>
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
