import type { BankIdOrderView } from '@kollab/contract/api/identity';
import { type BankIdRfa, bankIdMessage, bankIdRfaForCollect } from '@kollab/contract/bankid';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import { apiFetch, isApiError } from '../../lib/api-fetch';
import { errorText } from '../../lib/error-text';
import { BankIdQr } from './bankid-qr';

/** The text for a failed request: BankID's own message where BankID prescribes one. */
export function bankIdFailureText(error: unknown, t: ReturnType<typeof useT>, locale: 'sv' | 'en'): string {
  if (isApiError(error) && error.code === 'bankid_already_in_progress') return bankIdMessage('RFA4', locale);
  if (isApiError(error) && error.code === 'bankid_unavailable') return bankIdMessage('RFA5', locale);
  return errorText(t, error);
}

/**
 * A running BankID order: the QR code (new every second, asked from the API, which alone knows the
 * secret), "open BankID on this device", BankID's message for the moment, and cancel. Calls
 * `onFinished` once the order has ended.
 */
export function BankIdOrderPanel({
  order: first,
  onFinished,
}: {
  order: BankIdOrderView;
  onFinished: (order: BankIdOrderView, sameDevice: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [order, setOrder] = useState(first);
  const [sameDevice, setSameDevice] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const finished = useRef(false);

  useEffect(() => {
    if (order.status !== 'pending') return;
    const timer = window.setTimeout(async () => {
      try {
        const { data } = await apiFetch<{ data: BankIdOrderView }>(
          `/api/bankid/orders/${encodeURIComponent(order.id)}`,
        );
        setOrder(data);
      } catch (error) {
        setFailure(bankIdFailureText(error, t, locale));
      }
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [order, t, locale]);

  useEffect(() => {
    if (order.status !== 'pending' && !finished.current) {
      finished.current = true;
      onFinished(order, sameDevice);
    }
  }, [order, onFinished, sameDevice]);

  const cancel = async () => {
    try {
      const { data } = await apiFetch<{ data: BankIdOrderView }>(`/api/bankid/orders/${encodeURIComponent(order.id)}`, {
        method: 'DELETE',
      });
      setOrder(data);
    } catch (error) {
      setFailure(bankIdFailureText(error, t, locale));
    }
  };

  if (order.status !== 'pending') return null;
  const rfa: BankIdRfa = bankIdRfaForCollect('pending', order.hintCode ?? undefined, {
    sameDevice,
    mobile: /Android|iPhone|iPad/i.test(navigator.userAgent),
  });
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography role="status" aria-live="polite">
        {bankIdMessage(rfa, locale)}
      </Typography>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {order.qrData ? (
        <Box>
          <BankIdQr data={order.qrData} label={t('bankid.qrLabel')} />
          <Typography variant="body2" color="text.secondary">
            {t('bankid.qrHelp')}
          </Typography>
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {order.autostartUrl ? (
          <Button
            variant="contained"
            href={order.autostartUrl}
            target="_blank"
            rel="noopener"
            onClick={() => setSameDevice(true)}
          >
            {t('bankid.openOnThisDevice')}
          </Button>
        ) : null}
        <Button variant="outlined" onClick={() => void cancel()}>
          {t('bankid.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** BankID's message for an order that ended without success, or Kollab's reason for refusing it. */
export function bankIdOutcomeText(
  order: BankIdOrderView,
  sameDevice: boolean,
  t: ReturnType<typeof useT>,
  locale: 'sv' | 'en',
): string {
  if (order.refusal) return t(`bankid.refusal.${order.refusal}`);
  if (order.status === 'cancelled') return bankIdMessage('RFA6', locale);
  return bankIdMessage(bankIdRfaForCollect('failed', order.hintCode ?? undefined, { sameDevice }), locale);
}
