import AccountBalance from '@mui/icons-material/AccountBalance';
import Add from '@mui/icons-material/Add';
import Email from '@mui/icons-material/Email';
import Payments from '@mui/icons-material/Payments';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { AddPaymentMethodDialog } from '../../components/payment-methods/add-payment-method-dialog';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { apiFetch } from '../../lib/api-fetch';
import type { PaymentMethod, PaymentMethodType } from '../../lib/api-types';
import { errorText } from '../../lib/error-text';

const ICONS: Record<PaymentMethodType, ReactNode> = {
  bank_account: <AccountBalance />,
  iban: <Payments />,
  swish: <PhoneIphone />,
  paypal: <Email />,
};

/** Payment methods: masked list with the default marked, add dialog, and "make default". */
export function PaymentMethodsPage() {
  const t = useT();
  const { open: notify } = useNotification();
  const [isAdding, setIsAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const { data: methods, isLoading, error, refetch } = useApiQuery<PaymentMethod[]>('/api/user/payment-methods/get');

  const makeDefault = async (method: PaymentMethod) => {
    setBusyId(method.id);
    try {
      await apiFetch('/api/user/payment-methods/update', { method: 'PUT', json: { id: method.id, isDefault: true } });
      await refetch();
      notify?.({ type: 'success', message: t('paymentMethods.defaultChanged') });
    } catch (caught) {
      notify?.({ type: 'error', message: errorText(t, caught) });
    } finally {
      setBusyId(null);
    }
  };
  const onAdded = () => {
    void refetch();
    notify?.({ type: 'success', message: t('paymentMethods.added') });
  };

  const addButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setIsAdding(true)}>
      {t('paymentMethods.add.open')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('paymentMethods.title')} intro={t('paymentMethods.intro')} action={addButton} />
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {methods && methods.length === 0 ? (
        <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('paymentMethods.empty.title')}
          </Typography>
          <Typography color="text.secondary">{t('paymentMethods.empty.body')}</Typography>
        </Card>
      ) : null}
      {methods && methods.length > 0 ? (
        <Card>
          <List aria-label={t('paymentMethods.title')}>
            {methods.map((method) => (
              <ListItem key={method.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemIcon sx={{ color: 'primary.main' }} aria-hidden>
                  {ICONS[method.type]}
                </ListItemIcon>
                <ListItemText
                  primary={t(`paymentMethods.types.${method.type}`)}
                  secondary={method.masked}
                  sx={{ flex: '1 1 160px' }}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {method.isDefault ? (
                    <Chip label={t('paymentMethods.default')} color="primary" size="small" />
                  ) : (
                    <Button
                      size="small"
                      onClick={() => makeDefault(method)}
                      loading={busyId === method.id}
                      aria-label={t('paymentMethods.makeDefaultFor', {
                        type: t(`paymentMethods.types.${method.type}`),
                        masked: method.masked,
                      })}
                    >
                      {t('paymentMethods.makeDefault')}
                    </Button>
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
        </Card>
      ) : null}
      <AddPaymentMethodDialog
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onAdded={onAdded}
        isFirst={methods?.length === 0}
      />
    </>
  );
}
