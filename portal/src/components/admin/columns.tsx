import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useCategories } from '../campaigns/use-categories';
import { DateTimeCell } from './cells';

/** A column of timestamps: each a date over its time, empty when unset. */
export function dateTimeColumn<Row extends GridValidRowModel>(
  field: string,
  headerName: string,
  minWidth = 120,
): GridColDef<Row> {
  return { field, headerName, minWidth, renderCell: ({ value }) => <DateTimeCell value={value} /> };
}

/** Columns of amounts in öre shown as kronor, one per field, headed by its label; only `sortable` sorts. */
export function sekColumns<Row extends GridValidRowModel, Field extends string>(
  labels: Record<Field, string>,
  sek: (ore: number) => string,
  sortable: readonly Field[] = [],
): GridColDef<Row>[] {
  return (Object.keys(labels) as Field[]).map((field) => ({
    field,
    headerName: labels[field],
    type: 'number',
    minWidth: 120,
    sortable: sortable.includes(field),
    valueFormatter: (value: number) => sek(value),
  }));
}

/**
 * Category names by key in the user's language, kept while the list and language stay the same
 * (columns and filter options are built from it).
 */
export function useCategoryLabels(): ReadonlyMap<string, string> {
  const locale = useLocale();
  const { data: categoryList } = useCategories();
  return useMemo(
    () => new Map((categoryList ?? []).map((category) => [category.key, category[locale]])),
    [categoryList, locale],
  );
}

/** The row's categories by name (a key the list does not know as itself), all of them on hover. */
export function categoriesColumn<Row extends GridValidRowModel & { categories: string[] }>(
  labels: ReadonlyMap<string, string>,
  column: { headerName: string; minWidth: number; flex: number },
): GridColDef<Row> {
  return {
    field: 'categories',
    ...column,
    valueGetter: (_value, row) => row.categories.map((key) => labels.get(key) ?? key).join(', '),
    renderCell: ({ value }) => <span title={value}>{value}</span>,
  };
}
