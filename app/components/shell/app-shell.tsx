import type { ReactNode } from "react";
import type { ShellData } from "~/domain/public-user";
import { BottomBar } from "./bottom-bar";
import { Sidebar } from "./sidebar";
import { useLiveBudget } from "./use-live-budget";
import { useShellBadges } from "./use-shell-badges";

export const APP_NAME = "Hearth Budget";

/** The signed-in layout: sidebar on large screens, bottom bar on small ones. */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  useLiveBudget();
  const badges = useShellBadges(shell.badges, shell.user.isAdmin);
  const data = { ...shell, badges };
  return (
    <div className="min-h-full">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Skip to content
      </a>
      <Sidebar shell={data} appName={APP_NAME} />
      {/* pb-16: the bottom bar is h-16 (fixed), so nothing ends under it and nothing leaves a gap above it. */}
      <div className="pb-16 lg:pb-0 lg:pl-64">
        <main id="main" className="mx-auto max-w-5xl px-4 py-6">
          {children}
        </main>
      </div>
      <BottomBar shell={data} />
    </div>
  );
}
