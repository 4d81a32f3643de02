import Box from '@mui/material/Box';
import { BillingAddressForm } from '../../components/billing/billing-address-form';
import { BillingDocuments } from '../../components/billing/billing-documents';

/**
 * The billing page's place for billing (issue 16's invoice side): the billing address printed on
 * invoices, then every invoice, receipt and credit note with its PDF download.
 */
export function BillingInvoicesSlot() {
  return (
    <Box sx={{ mt: 4 }}>
      <BillingAddressForm />
      <BillingDocuments />
    </Box>
  );
}
