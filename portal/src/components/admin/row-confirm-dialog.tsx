import { useNotification } from '@refinedev/core';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../campaigns/confirm-dialog';
import { useRefreshTable } from './admin-table';
import type { TableSpec } from './table-state';
import type { RowDialog } from './use-row-dialog';

/**
 * Asks before a destructive action on one row of a table: on confirm it makes the call, says it
 * is done (in words that may depend on the answer) and reloads the table; a failed call is shown in
 * the dialog, which stays open.
 */
export function RowConfirmDialog<Row, Result = unknown>({
  spec,
  dialog,
  title,
  body,
  confirmLabel,
  run,
  doneMessage,
}: {
  spec: TableSpec;
  dialog: RowDialog<Row>;
  title: string;
  body: (row: Row) => ReactNode;
  confirmLabel: string;
  run: (row: Row) => Promise<Result>;
  doneMessage: (row: Row, result: Result) => string;
}) {
  const refresh = useRefreshTable(spec);
  const { open: notify } = useNotification();
  const row = dialog.target;
  const onConfirm = async () => {
    if (!row) return;
    const result = await run(row);
    notify?.({ type: 'success', message: doneMessage(row, result) });
    void refresh();
  };
  return (
    <ConfirmDialog
      open={dialog.isOpen}
      title={title}
      body={row ? body(row) : ''}
      confirmLabel={confirmLabel}
      isDestructive
      onConfirm={onConfirm}
      onClose={dialog.close}
    />
  );
}
