import { useEffect, useId, useRef, useState } from "react";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/components/use-hydrated";
import { apiRequest } from "~/lib/api-client";

// The merchant box of the matching panel (spec part 1): suggestions from the budget's bank transactions
// once 2 characters are typed (a listbox: arrows move, Enter picks, Escape closes), cached 5 minutes.

const MIN_QUERY = 2;
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; names: string[] }>();

async function fetchSuggestions(query: string): Promise<string[]> {
  const key = query.toLowerCase();
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.names;
  const body = await apiRequest<unknown>("GET", `/api/plaid/merchant-suggestions?query=${encodeURIComponent(query)}`);
  const list = Array.isArray(body) ? body : body && typeof body === "object" && Array.isArray((body as { suggestions?: unknown }).suggestions) ? (body as { suggestions: unknown[] }).suggestions : [];
  const names = list.map((s) => (typeof s === "string" ? s : s && typeof s === "object" && typeof (s as { name?: unknown }).name === "string" ? (s as { name: string }).name : "")).filter(Boolean);
  cache.set(key, { at: Date.now(), names });
  return names;
}

export function MerchantInput({
  chosen,
  onAdd,
  listOpen,
  onListOpenChange,
  describedBy,
}: {
  chosen: string[];
  onAdd: (name: string) => void;
  listOpen: boolean;
  onListOpenChange: (open: boolean) => void;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  const [results, setResults] = useState<string[] | null>(null);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const query = text.trim();
  const options = (results ?? []).filter((name) => !chosen.some((c) => c.toLowerCase() === name.toLowerCase()));

  useEffect(() => {
    clearTimeout(timer.current);
    if (query.length < MIN_QUERY) {
      setResults(null);
      onListOpenChange(false);
      return;
    }
    let stale = false;
    timer.current = setTimeout(() => {
      fetchSuggestions(query)
        .then((names) => {
          if (stale) return;
          setResults(names);
          setActive(-1);
          onListOpenChange(true);
        })
        .catch(() => {
          if (stale) return;
          setResults(null);
          toast({ title: "Error", description: "Failed to fetch merchant suggestions", variant: "destructive" });
        });
    }, 200);
    return () => {
      stale = true;
      clearTimeout(timer.current);
    };
    // onListOpenChange is a state setter from the parent: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const pick = (name: string) => {
    onAdd(name);
    setText("");
    setResults(null);
    setActive(-1);
    onListOpenChange(false);
  };

  const showList = listOpen && results !== null && query.length >= MIN_QUERY;
  return (
    <div className="relative">
      <div className="flex gap-2">
        <input
          id={`${baseId}-input`}
          name="newMerchant"
          value={text}
          maxLength={100}
          autoComplete="off"
          role="combobox"
          aria-label="Merchant name"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && active >= 0 && options[active] ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          placeholder="e.g. Netflix"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              if (!showList && results) onListOpenChange(true);
              setActive((i) => (options.length ? (i + 1) % options.length : -1));
            } else if (e.key === "ArrowUp") {
              e.preventDefault();
              setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
            } else if (e.key === "Enter") {
              // Enter picks the highlighted suggestion, else adds what was typed; it never submits the panel.
              e.preventDefault();
              if (showList && active >= 0 && options[active]) pick(options[active]);
              else if (query) pick(query);
            } else if (e.key === "Escape" && showList) {
              e.preventDefault();
              onListOpenChange(false);
              setActive(-1);
            }
          }}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        {hydrated ? (
        <button type="button" onClick={() => query && pick(query)} disabled={!query} className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-50">
          Add
        </button>
        ) : null}
      </div>
      {showList ? (
        <div className="absolute left-0 right-0 z-10 mt-1 rounded-md border border-slate-200 bg-white shadow-lg">
          {options.length ? (
            <>
              <p className="border-b border-slate-100 px-3 py-1 text-xs text-slate-500">Click to add as matching rule</p>
              <ul id={listId} role="listbox" aria-label="Merchant suggestions" className="max-h-48 overflow-auto py-1">
                {options.map((name, i) => (
                  <li
                    key={name}
                    id={`${listId}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(name)}
                    className={`cursor-pointer px-3 py-1.5 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "hover:bg-slate-50"}`}
                  >
                    {name}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p id={listId} className="px-3 py-2 text-sm text-slate-500">No merchant suggestions found</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
