/**
 * The billing page's place for invoices, receipts and credit notes with their PDF downloads. The
 * billing module (issue 16's invoice side) fills it; until then it shows nothing.
 */
export function BillingInvoicesSlot() {
  return null;
}
