import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { useSyncExternalStore } from 'react';
import { useT } from '../hooks/use-t';

interface Notice {
  key: string;
  message: string;
  description?: string;
  severity: AlertColor;
}

/**
 * The spec's snackbar: bottom-left, hidden after 6000 ms, default severity success; Escape,
 * click-away and the close button close it, and MUI pauses the timer on hover and focus.
 */
const AUTO_HIDE_MS = 6000;
const SEVERITY: Record<OpenNotificationParams['type'], AlertColor> = {
  success: 'success',
  error: 'error',
  progress: 'info',
};

let queue: Notice[] = [];
let isOpen = false;
const listeners = new Set<() => void>();
let snapshot = { notice: queue[0], isOpen };

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

export function Notifications() {
  const t = useT();
  const { notice, isOpen: open } = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
  return (
    <Snackbar
      key={notice?.key}
      open={open && !!notice}
      autoHideDuration={AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      onClose={closeCurrent}
      slotProps={{ transition: { onExited: showNext } }}
    >
      <Alert
        severity={notice?.severity ?? 'success'}
        variant="filled"
        onClose={closeCurrent}
        closeText={t('notifications.close')}
        sx={{ width: '100%' }}
      >
        {notice?.message}
        {notice?.description ? ` ${notice.description}` : null}
      </Alert>
    </Snackbar>
  );
}
