import Box from '@mui/material/Box';
import { useT } from '../../hooks/use-t';
import { isMessageKey } from '../../providers/i18n-provider';
import { useMoneyFormat } from '../money/money';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An audit entry's details as short lines: each changed field as "before → after" (a claim's
 * status from `from` and the action), the reason, then anything else as is.
 */
export function AuditDetails({ action, details }: { action: string; details: Record<string, unknown> | null }) {
  const t = useT();
  const format = useMoneyFormat();
  if (!details) return null;
  const show = (value: unknown): string => {
    if (value === null || value === undefined) return '–';
    if (typeof value === 'string') return ISO_DATE_TIME.test(value) ? format.dateTime(value) : value;
    return JSON.stringify(value);
  };
  const lines: { key: string; label: string; text: string }[] = [];
  const statusLabel = (status: unknown) => {
    const key = `claims.status.${String(status)}`;
    return isMessageKey(key) ? t(key) : show(status);
  };
  const { before, after, from, reason, ...rest } = details;
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    const beforeRecord = before as Record<string, unknown>;
    const afterRecord = after as Record<string, unknown>;
    for (const field of new Set([...Object.keys(beforeRecord), ...Object.keys(afterRecord)])) {
      lines.push({ key: field, label: field, text: `${show(beforeRecord[field])} → ${show(afterRecord[field])}` });
    }
  } else {
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  if (from !== undefined) {
    const to = action.startsWith('claim.') ? action.slice('claim.'.length) : null;
    lines.push({
      key: 'from',
      label: t('admin.audit.status'),
      text: to ? `${statusLabel(from)} → ${statusLabel(to)}` : show(from),
    });
  }
  if (reason !== undefined && reason !== null)
    lines.push({ key: 'reason', label: t('admin.reason'), text: show(reason) });
  for (const [field, value] of Object.entries(rest)) lines.push({ key: field, label: field, text: show(value) });
  return (
    <Box
      component="dl"
      sx={{ m: 0, fontSize: '0.8125rem', lineHeight: 1.4, whiteSpace: 'normal', wordBreak: 'break-word' }}
    >
      {lines.map((line) => (
        <Box key={line.key} sx={{ display: 'flex', gap: 0.75 }}>
          <Box component="dt" sx={{ color: 'text.secondary', flexShrink: 0 }}>
            {line.label}:
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {line.text}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
