import { useSyncExternalStore } from 'react';
import type { SnackbarKey, VariantType } from 'notistack';

// Toasts from anywhere (API client, session): notistack's global queue, max 5 bottom right (SPEC §9).
// notistack is not in the first load: the toaster (components/toaster.tsx) is mounted when the first
// toast is asked for; toasts asked for before it is there wait for it (issue 13: a page that shows
// no toast never downloads it).
// An error toast still on screen when something later succeeds is stale: it goes, so the user does
// not read "failed" next to "saved".
const openErrors = new Set<SnackbarKey>();

/** The class of the bottom-right toast stack (components/toaster.tsx): what a panel lifts or moves off itself. */
export const TOASTS_CLASS = 'wellbe-toasts';

export interface Toaster {
  enqueue: (message: string, options: { variant: VariantType; onExited: (node: HTMLElement, key: SnackbarKey) => void }) => SnackbarKey;
  close: (key: SnackbarKey) => void;
}

let toaster: Toaster | null = null;
let wanted = false;
const waiting: [string, VariantType][] = [];
const listeners = new Set<() => void>();

function show(target: Toaster, message: string, variant: VariantType) {
  if (variant === 'success') {
    for (const key of openErrors) target.close(key);
    openErrors.clear();
  }
  const key = target.enqueue(message, {
    variant,
    onExited: (_node, exited) => {
      openErrors.delete(exited);
    },
  });
  if (variant === 'error') openErrors.add(key);
}

/** Asks for the toaster to be mounted (Providers loads its chunk). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

/** Whether the toaster should be mounted (Providers reads it). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

/** The mounted toaster registers itself; the toasts asked for meanwhile show now, in order. */
export function attachToaster(target: Toaster | null): void {
  toaster = target;
  if (target) for (const [message, variant] of waiting.splice(0)) show(target, message, variant);
}

export function notify(message: string, variant: VariantType = 'default'): void {
  if (toaster) return show(toaster, message, variant);
  waiting.push([message, variant]);
  wantToaster();
}
