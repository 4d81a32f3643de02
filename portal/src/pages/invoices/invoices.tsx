import { RoleOnly } from '../../components/auth/role-only';
import { BillingAddressForm } from '../../components/billing/billing-address-form';
import { BillingDocuments } from '../../components/billing/billing-documents';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../hooks/use-t';

/** Brands: the billing address and every invoice, receipt and credit note with its PDF. */
export function InvoicesPage() {
  const t = useT();
  return (
    <RoleOnly allow={['brand']} note="brandCampaigns.onlyBrands">
      <PageHeader title={t('billing.page.title')} intro={t('billing.page.intro')} />
      <BillingAddressForm />
      <BillingDocuments />
    </RoleOnly>
  );
}
