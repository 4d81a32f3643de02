import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useNotification } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { CreatorProfileForm } from '../../components/creator/creator-profile-form';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import type { Category, CreatorProfile } from '../../lib/api-types';
import { errorText } from '../../lib/error-text';

function Onboarding() {
  const t = useT();
  const navigate = useNavigate();
  const { open: notify } = useNotification();
  const categories = useApiQuery<Category[]>('/api/categories');
  const profile = useApiQuery<CreatorProfile>('/api/creator-profile');
  const error = categories.error ?? profile.error;
  return (
    <>
      <PageHeader title={t('creator.onboarding.title')} intro={t('creator.onboarding.intro')} />
      {categories.isLoading || profile.isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {categories.data && profile.data ? (
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <CreatorProfileForm
              profile={profile.data}
              categories={categories.data}
              submitLabel={t('creator.onboarding.submit')}
              onSaved={() => {
                void profile.refetch();
                notify?.({ type: 'success', message: t('creator.saved') });
                navigate('/');
              }}
            />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

/** First steps for a new creator: interests, social accounts and a bio. */
export function OnboardingPage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <Onboarding />
    </RoleOnly>
  );
}
