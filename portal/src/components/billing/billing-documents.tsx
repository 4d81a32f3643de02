import type { BillingDocumentView } from '@kollab/contract/api/billing';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import { useFormat } from '../campaigns/use-format';
import { LoadError } from '../money/load-error';
import { DocumentStateChip } from './document-state-chip';

/** The PDF of a billing document (the brand's own, or any for an admin). */
export const documentPdfUrl = (id: string) => `/api/billing/documents/${encodeURIComponent(id)}/pdf`;

/**
 * The brand's invoices, receipts and credit notes, newest first, each with its PDF. Used on the
 * billing page through `<BillingInvoicesSlot />`.
 */
export function BillingDocuments() {
  const t = useT();
  const format = useFormat();
  const { data, isLoading, error, refetch } = useApiQuery<BillingDocumentView[]>('/api/billing/documents');
  return (
    <Box component="section" aria-labelledby="billing-documents-title">
      <Typography id="billing-documents-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {t('billing.documents.title')}
      </Typography>
      {error ? <LoadError error={error} onRetry={() => void refetch()} /> : null}
      {isLoading ? <Skeleton variant="rounded" height={160} role="progressbar" aria-label={t('app.loading')} /> : null}
      {data && data.length === 0 ? (
        <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography component="h3" variant="h6" gutterBottom>
            {t('billing.documents.empty.title')}
          </Typography>
          <Typography color="text.secondary">{t('billing.documents.empty.body')}</Typography>
        </Card>
      ) : null}
      {data && data.length > 0 ? (
        <Card>
          <List aria-label={t('billing.documents.title')} disablePadding>
            {data.map((doc) => {
              const kind = t(`billing.kind.${doc.kind}`);
              return (
                <ListItem
                  key={doc.id}
                  divider
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1.5 }}
                >
                  <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>
                      {kind} {doc.documentNumber}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {format.date(doc.issuedOn)}
                      {doc.dueOn ? ` · ${t('billing.documents.dueOn')} ${format.date(doc.dueOn)}` : ''}
                    </Typography>
                    {doc.kind === 'invoice' && doc.ocr && doc.state !== 'paid' ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('billing.documents.payTo', { bankgiro: doc.bankgiro, ocr: doc.ocr })}
                      </Typography>
                    ) : null}
                    {doc.creditsDocumentNumber ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('billing.documents.credits', { number: doc.creditsDocumentNumber })}
                      </Typography>
                    ) : null}
                  </Box>
                  <Typography sx={{ fontWeight: 600, minWidth: 110, textAlign: { sm: 'right' } }}>
                    {format.money(doc.totalOre)}
                  </Typography>
                  <DocumentStateChip state={doc.state} />
                  <Button
                    component="a"
                    href={documentPdfUrl(doc.id)}
                    download={`kollab-${doc.documentNumber}.pdf`}
                    size="small"
                    variant="outlined"
                    startIcon={<PictureAsPdf />}
                    aria-label={t('billing.documents.downloadLabel', { kind, number: doc.documentNumber })}
                  >
                    {t('billing.documents.download')}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        </Card>
      ) : null}
    </Box>
  );
}
