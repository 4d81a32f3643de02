import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useNotification } from '@refinedev/core';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RoleOnly } from '../../components/auth/role-only';
import { CreatorProfileForm } from '../../components/creator/creator-profile-form';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { AccountVerifications } from '../../components/verification/account-verifications';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import { useT } from '../../hooks/use-t';
import type { Category, CreatorProfile } from '../../lib/api-types';
import { errorText } from '../../lib/error-text';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.5, sm: 2 }, py: 1.5 }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function SocialAccount({ handle, followers, url }: { handle: string | null; followers: number | null; url: string }) {
  const t = useT();
  const locale = useLocale();
  if (!handle) return <>{t('creator.profile.notLinked')}</>;
  return (
    <>
      <Link href={`${url}${encodeURIComponent(handle)}`} target="_blank" rel="noopener">
        @{handle}
      </Link>
      {followers === null
        ? null
        : ` · ${t('creator.profile.followers', { count: followers.toLocaleString(locale === 'sv' ? 'sv-SE' : 'en-GB') })}`}
    </>
  );
}

function CreatorProfileView() {
  const t = useT();
  const locale = useLocale();
  const { open: notify } = useNotification();
  const [isEditing, setIsEditing] = useState(false);
  const categories = useApiQuery<Category[]>('/api/categories');
  const profile = useApiQuery<CreatorProfile>('/api/creator-profile');
  const error = categories.error ?? profile.error;
  const data = profile.data;
  const labels = new Map((categories.data ?? []).map((category) => [category.key, category[locale]]));
  const isEmpty = data && data.categories.length === 0 && !data.instagramHandle && !data.tiktokHandle;

  const editButton =
    data && !isEmpty && !isEditing ? (
      <Button variant="outlined" startIcon={<Edit />} onClick={() => setIsEditing(true)}>
        {t('creator.profile.edit')}
      </Button>
    ) : undefined;
  return (
    <>
      <PageHeader title={t('creator.profile.title')} intro={t('creator.profile.intro')} action={editButton} />
      {categories.isLoading || profile.isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {isEmpty ? (
        <Card sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('creator.profile.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('creator.profile.emptyBody')}
          </Typography>
          <Button component={RouterLink} to="/onboarding" variant="contained">
            {t('creator.profile.start')}
          </Button>
        </Card>
      ) : null}
      {data && !isEmpty && categories.data ? (
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {isEditing ? (
              <CreatorProfileForm
                profile={data}
                categories={categories.data}
                submitLabel={t('buttons.save')}
                onCancel={() => setIsEditing(false)}
                onSaved={() => {
                  void profile.refetch();
                  setIsEditing(false);
                  notify?.({ type: 'success', message: t('creator.saved') });
                }}
              />
            ) : (
              <Box component="dl" sx={{ m: 0 }}>
                <Row label={t('creator.fields.categories')}>
                  <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    {data.categories.map((key) => (
                      <Chip key={key} label={labels.get(key) ?? key} size="small" />
                    ))}
                  </Box>
                </Row>
                <Row label={t('creator.fields.instagram')}>
                  <SocialAccount
                    handle={data.instagramHandle}
                    followers={data.instagramFollowers}
                    url="https://www.instagram.com/"
                  />
                </Row>
                <Row label={t('creator.fields.tiktok')}>
                  <SocialAccount
                    handle={data.tiktokHandle}
                    followers={data.tiktokFollowers}
                    url="https://www.tiktok.com/@"
                  />
                </Row>
                <Row label={t('creator.fields.bio')}>{data.bio || t('creator.profile.noBio')}</Row>
              </Box>
            )}
          </CardContent>
        </Card>
      ) : null}
      {data && !isEmpty && !isEditing ? (
        <AccountVerifications
          handles={`${data.instagramHandle ?? ''} ${data.tiktokHandle ?? ''}`}
          onChanged={() => void profile.refetch()}
        />
      ) : null}
    </>
  );
}

/** The saved creator profile with an edit button. */
export function CreatorProfilePage() {
  return (
    <RoleOnly allow={['creator']} note="creator.onlyCreators">
      <CreatorProfileView />
    </RoleOnly>
  );
}
