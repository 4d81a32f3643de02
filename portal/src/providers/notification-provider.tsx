import type { AlertColor } from '@mui/material/Alert';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '../lib/lazy-named';

const NoticeSnackbar = lazyNamed(() => import('../components/layout/notice-snackbar'), 'NoticeSnackbar');

export interface Notice {
  key: string;
  message: string;
  description?: string;
  severity: AlertColor;
}

/** Refine's notification types as the snackbar's severities (default: success). */
const SEVERITY: Record<OpenNotificationParams['type'], AlertColor> = {
  success: 'success',
  error: 'error',
  progress: 'info',
};

let queue: Notice[] = [];
let isOpen = false;
const listeners = new Set<() => void>();
let snapshot = { notice: queue[0], isOpen };
/** No notice: what a server render shows, and what hydration starts from. */
const NONE = snapshot;

function emit(): void {
  snapshot = { notice: queue[0], isOpen };
  for (const listener of listeners) listener();
}

/** Refine's notification provider, shown by `<Notifications />` one at a time. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    const notice = { key: key ?? crypto.randomUUID(), message, description, severity: SEVERITY[type] };
    queue = [...queue.filter((item) => item.key !== notice.key), notice];
    if (queue.length === 1) isOpen = true;
    else isOpen = false; // close the current one; the next opens when it has left the screen
    emit();
  },
  close: (key) => {
    if (queue[0]?.key === key) isOpen = false;
    else queue = queue.filter((item) => item.key !== key);
    emit();
  },
};

function closeCurrent(): void {
  isOpen = false;
  emit();
}

function showNext(): void {
  queue = queue.slice(1);
  isOpen = queue.length > 0;
  emit();
}

/**
 * The current notice, for `NoticeSnackbar`; the snackbar itself (MUI's Snackbar, Grow,
 * ClickAwayListener) loads with the first notice, so a page that shows none never loads it.
 */
export function Notifications() {
  const { notice, isOpen } = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    () => NONE,
  );
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar notice={notice} isOpen={isOpen} onClose={closeCurrent} onExited={showNext} />
    </Suspense>
  );
}
