import { useSyncExternalStore } from "react";

// A tiny toast store (the shadcn/ui pattern): any component can call toast(); one is visible at a time.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  open: boolean;
}

let toasts: ToastMessage[] = [];
const listeners = new Set<() => void>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function toast(input: Omit<ToastMessage, "id" | "open">): string {
  const id = `t${++counter}`;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: string): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  // Leave time for the exit animation before removing it.
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, 300);
}

const EMPTY: ToastMessage[] = [];

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => EMPTY,
  );
}
