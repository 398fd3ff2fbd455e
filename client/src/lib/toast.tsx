import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'wouter';
import { errorMessage } from './api-client';
import { withReturn } from './return-to';

/** Spec section 9: one toast at a time; a dismissed toast is removed after 1,000,000 ms. */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Display time in ms; the default is 5000. */
  duration?: number;
  action?: ReactNode;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

type Listener = () => void;
let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismiss(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast; returns its id. */
export function toast(options: ToastOptions): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export const ASK_TO_LOG_IN_MS = 10_000;

/**
 * A visitor's tap on what needs an account (a heart, "I'm going"): the spec's "Login Required" toast,
 * with a "Log in" link that comes back to `next` (the truck's page, where the tap can be made again).
 */
export function askToLogIn(title: string, description: string, next: string): void {
  toast({
    title,
    description,
    // Long enough to read it and reach its link (a plain toast's 5 s is for reading only).
    duration: ASK_TO_LOG_IN_MS,
    action: (
      <Link
        href={withReturn('/login', next)}
        onClick={() => dismiss()}
        className="shrink-0 self-center rounded-md border border-gray-300 px-3 py-1.5 text-sm font-semibold text-gray-900 hover:bg-gray-50"
      >
        Log in
      </Link>
    ),
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const current = () => toasts;

/**
 * The toasts. An external store read with useSyncExternalStore: a toast shown between a component's
 * render and its effects (the lazily loaded Toaster's first moments) is not missed.
 */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, current, current);
}

export function useToast() {
  return { toast, dismiss };
}

/** An in-app path named in a message, e.g. 'Subscribe at /subscribe.' (a space or start before it). */
const APP_PATH = /(^|\s)(\/[a-z][a-z0-9-]*(?:\/[a-z0-9-]+)*)(?=[\s.,;:!?)]|$)/g;

/** A message with every in-app path it names as a link there, so '/subscribe' is one click away. */
export function linkAppPaths(message: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(APP_PATH)) {
    const [, space = '', path = ''] = match;
    const start = match.index + space.length;
    parts.push(message.slice(last, start));
    parts.push(
      <Link key={start} href={path} className="font-semibold underline underline-offset-2">
        {path}
      </Link>,
    );
    last = start + path.length;
  }
  if (parts.length === 0) return message;
  parts.push(message.slice(last));
  return parts;
}

/**
 * A failure toast (spec section 8): the server's message when it sent one, else the fallback; an
 * in-app path the message names (the 402's '/subscribe') becomes a link.
 */
export function toastError(title: string, error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title, description: linkAppPaths(errorMessage(error, fallback)) });
}
