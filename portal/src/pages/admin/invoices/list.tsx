import type { AdminBillingDocumentSchema } from '@kollab/contract/api/billing';
import { MONEY_NUMBERED_ROWS } from '@kollab/contract/list-pages';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import type { GridColDef } from '@mui/x-data-grid';
import { useNotification } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import type { RowAction } from '../../../components/admin/admin-grid';
import { AdminTable, useRefreshTable } from '../../../components/admin/admin-table';
import { TwoLines, useAdminFormat } from '../../../components/admin/cells';
import type { TableSpec } from '../../../components/admin/table-state';
import { useRowDialog } from '../../../components/admin/use-row-dialog';
import { RoleOnly } from '../../../components/auth/role-only';
import { documentPdfUrl } from '../../../components/billing/billing-documents';
import { DocumentStateChip } from '../../../components/billing/document-state-chip';
import { ConfirmDialog } from '../../../components/campaigns/confirm-dialog';
import { useT } from '../../../hooks/use-t';
import { type ApiError, apiFetch } from '../../../lib/api-fetch';

type AdminDocument = z.infer<typeof AdminBillingDocumentSchema>;

const SPEC: TableSpec = {
  resource: 'invoices',
  sortFields: ['issuedOn', 'dueOn', 'totalOre', 'documentNumber'],
  defaultSort: 'issuedOn',
  defaultOrder: 'desc',
  filters: [
    {
      name: 'state',
      label: 'admin.invoices.filter.state',
      kind: 'select',
      options: [
        { value: 'open', label: 'billing.state.open' },
        { value: 'overdue', label: 'billing.state.overdue' },
        { value: 'paid', label: 'billing.state.paid' },
        { value: 'credited', label: 'billing.state.credited' },
      ],
    },
    {
      name: 'kind',
      label: 'admin.invoices.filter.kind',
      kind: 'select',
      options: [
        { value: 'invoice', label: 'billing.kind.invoice' },
        { value: 'receipt', label: 'billing.kind.receipt' },
        { value: 'credit_note', label: 'billing.kind.credit_note' },
      ],
    },
  ],
  cursorPages: true,
  numberedRows: MONEY_NUMBERED_ROWS,
};

/** Fetches a document's PDF through a temporary link (the API answers it as an attachment). */
function download(row: AdminDocument) {
  const link = document.createElement('a');
  link.href = documentPdfUrl(row.id);
  link.download = `kollab-${row.documentNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Admins: invoices, receipts and credit notes; open invoices can be marked paid with a reason. */
export function AdminInvoicesPage() {
  return (
    <RoleOnly allow={['admin']} note="money.onlyAdmins">
      <InvoicesTable />
    </RoleOnly>
  );
}

function InvoicesTable() {
  const t = useT();
  const format = useAdminFormat();
  const dialog = useRowDialog<AdminDocument>();
  const refresh = useRefreshTable(SPEC);
  const { open: notify } = useNotification();

  const columns = useMemo<GridColDef<AdminDocument>[]>(
    () => [
      {
        field: 'documentNumber',
        headerName: t('admin.invoices.columns.number'),
        minWidth: 130,
        renderCell: ({ row }) => <TwoLines primary={row.documentNumber} secondary={t(`billing.kind.${row.kind}`)} />,
      },
      {
        field: 'brand',
        headerName: t('admin.invoices.columns.brand'),
        minWidth: 200,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => <TwoLines primary={row.buyerName} secondary={row.brand.email} />,
      },
      {
        field: 'issuedOn',
        headerName: t('admin.invoices.columns.issuedOn'),
        minWidth: 120,
        valueFormatter: (value: string) => format.date(value),
      },
      {
        field: 'dueOn',
        headerName: t('admin.invoices.columns.dueOn'),
        minWidth: 120,
        valueFormatter: (value: string | null) => (value ? format.date(value) : ''),
      },
      {
        field: 'totalOre',
        headerName: t('admin.invoices.columns.total'),
        minWidth: 130,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'paidOre',
        headerName: t('admin.invoices.columns.paid'),
        minWidth: 130,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        valueFormatter: (value: number) => format.sek(value),
      },
      {
        field: 'state',
        headerName: t('billing.documents.stateColumn'),
        minWidth: 120,
        sortable: false,
        renderCell: ({ row }) => <DocumentStateChip state={row.state} />,
      },
      { field: 'ocr', headerName: t('admin.invoices.columns.ocr'), minWidth: 120, sortable: false },
    ],
    [t, format],
  );

  const { show } = dialog;
  const actions = useCallback(
    (row: AdminDocument): RowAction[] => [
      {
        key: 'pdf',
        label: t('admin.invoices.download', { number: row.documentNumber }),
        icon: <PictureAsPdf />,
        onClick: () => download(row),
      },
      ...(row.kind === 'invoice' && (row.state === 'open' || row.state === 'overdue')
        ? [
            {
              key: 'mark-paid',
              label: t('admin.invoices.markPaid.open', { number: row.documentNumber }),
              icon: <PaidOutlined color="success" />,
              onClick: () => show(row),
            },
          ]
        : []),
    ],
    [t, show],
  );

  const target = dialog.target;
  return (
    <>
      <AdminTable<AdminDocument>
        spec={SPEC}
        title={t('admin.invoices.title')}
        intro={t('admin.invoices.intro')}
        gridLabel={t('admin.invoices.title')}
        columns={columns}
        actions={actions}
        exportable={false}
      />
      <ConfirmDialog
        open={dialog.isOpen}
        title={target ? t('admin.invoices.markPaid.title', { number: target.documentNumber }) : ''}
        body={
          target
            ? t('admin.invoices.markPaid.body', {
                brand: target.buyerName,
                amount: format.sek(target.totalOre - target.paidOre),
              })
            : ''
        }
        confirmLabel={t('admin.invoices.markPaid.submit')}
        reason={{
          label: t('admin.invoices.markPaid.reason'),
          help: t('admin.invoices.markPaid.reasonHelp'),
          isRequired: true,
        }}
        onConfirm={async (reason) => {
          if (!target) return;
          if (reason.length < 3) {
            throw {
              statusCode: 422,
              code: 'validation_failed',
              message: 'errors.validation_failed',
              errors: { reason: ['reason_too_short'] },
            } satisfies ApiError;
          }
          await apiFetch(`/api/admin/invoices/${encodeURIComponent(target.id)}/mark-paid`, {
            method: 'POST',
            json: { reason },
          });
          notify?.({ type: 'success', message: t('admin.invoices.markPaid.done', { number: target.documentNumber }) });
          void refresh();
        }}
        onClose={dialog.close}
      />
    </>
  );
}
