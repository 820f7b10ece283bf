import { useEffect, useState } from "react";

/** True once hydrated: what needs JavaScript (copy buttons, charts) appears only then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
