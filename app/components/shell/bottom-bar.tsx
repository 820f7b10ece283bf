import * as Dialog from "@radix-ui/react-dialog";
import { Link, useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { MoreHorizontal, X } from "lucide-react";
import { useState } from "react";
import { bottomBarItems, isActivePath, moreSheetItems } from "~/domain/navigation";
import type { ShellData } from "~/domain/public-user";
import { CountBadge } from "./badge";
import { badgeFor } from "./sidebar";
import { NAV_ICONS } from "./nav-icons";
import { Tip } from "~/components/ui/tooltip";

function MoreList({ shell, onNavigate }: { shell: ShellData; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {moreSheetItems(shell.user.isAdmin).map((item) => {
        const Icon = NAV_ICONS[item.key];
        const badge = badgeFor(item.key, shell.badges);
        return (
          <li key={item.key}>
            <Link to={item.href} onClick={onNavigate} className="flex items-center gap-3 rounded-lg px-3 py-3 hover:bg-slate-100">
              <Icon className="h-5 w-5" aria-hidden />
              <span className="flex-1 font-medium">{item.label}</span>
              {badge ? <CountBadge count={badge.count} label={badge.label} /> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Mobile: Chat, Budget, Settings and More. With JavaScript, More opens a Radix sheet; without it, the
 * same link jumps to an in-page list (#more-options, shown by :target), so nothing is out of reach.
 */
export function BottomBar({ shell }: { shell: ShellData }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const itemClass = (active: boolean) => clsx("flex flex-1 flex-col items-center justify-center gap-1 text-xs", active ? "text-brand-700" : "text-slate-600");
  return (
    <>
      <nav aria-label="Mobile" className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-slate-200 bg-white lg:hidden" data-testid="bottom-bar">
        {bottomBarItems().map((item) => {
          const Icon = NAV_ICONS[item.key];
          const active = isActivePath(item.href, pathname);
          const badge = badgeFor(item.key, shell.badges);
          return (
            <Link key={item.key} to={item.href} aria-current={active ? "page" : undefined} className={itemClass(active)}>
              <span className="relative">
                <Icon className="h-5 w-5" aria-hidden />
                {badge && badge.count > 0 ? <span className="absolute -right-2 -top-1 h-2 w-2 rounded-full bg-red-600" aria-label={`${badge.count} ${badge.label}`} /> : null}
              </span>
              {item.label}
            </Link>
          );
        })}
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Tip label="More options">
            <a
              href="#more-options"
              className={itemClass(false)}
              aria-haspopup="dialog"
              onClick={(event) => {
                event.preventDefault();
                setOpen(true);
              }}
            >
              <MoreHorizontal className="h-5 w-5" aria-hidden />
              More
            </a>
          </Tip>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
            <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-4 pb-8 shadow-xl" aria-describedby={undefined}>
              <div className="mb-2 flex items-center justify-between">
                <Dialog.Title className="text-lg font-semibold">More Options</Dialog.Title>
                <Tip label="Close">
                  <Dialog.Close className="rounded p-2 hover:bg-slate-100" aria-label="Close">
                    <X className="h-5 w-5" aria-hidden />
                  </Dialog.Close>
                </Tip>
              </div>
              <MoreList shell={shell} onNavigate={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </nav>
      <section id="more-options" aria-label="More Options" className="fixed inset-x-0 bottom-16 z-30 hidden rounded-t-2xl border border-slate-200 bg-white p-4 shadow-xl target:block lg:hidden">
        <div className="mb-2 flex items-center justify-between">
          <h2 className="text-lg font-semibold">More Options</h2>
          <a href="#" className="rounded p-2 text-sm hover:bg-slate-100">
            Close
          </a>
        </div>
        <MoreList shell={shell} />
      </section>
    </>
  );
}
