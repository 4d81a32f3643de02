import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AccountDeletion } from '../../components/account/account-deletion';
import { AccountDetailsForm } from '../../components/account/account-details-form';
import { AvatarUpload } from '../../components/account/avatar-upload';
import { ChangePasswordForm } from '../../components/account/change-password-form';
import { IdentityVerification } from '../../components/account/identity-verification';
import { SessionsList } from '../../components/account/sessions-list';
import { TwoFactorSettings } from '../../components/account/two-factor/two-factor-settings';
import { PageHeader } from '../../components/layout/page-header';
import { PageLoader } from '../../components/layout/page-loader';
import { MailPreferencesForm } from '../../components/notifications/mail-preferences';
import { useApiQuery } from '../../hooks/use-api-query';
import { useT } from '../../hooks/use-t';
import type { User } from '../../lib/api-types';
import { errorText } from '../../lib/error-text';
import { loadSession, useSession } from '../../providers/session';

function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Card component="section" aria-label={title} id={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Manage account: picture, personal details (name, personal number, e-mail, phone), password,
 * sessions, e-mail choices, and (creators and brands) deleting the account with what that does to money and work.
 */
export function AccountPage() {
  const t = useT();
  const { data: session } = useSession();
  const userId = session?.user.id ?? '';
  const {
    data: user,
    isLoading,
    error,
    refetch,
  } = useApiQuery<User>(`/api/user/get/${encodeURIComponent(userId)}`, {
    enabled: !!userId,
  });
  const onSaved = () => {
    void refetch();
    void loadSession({ force: true, broadcast: true });
  };

  return (
    <>
      <PageHeader title={t('account.title')} intro={t('account.intro')} />
      {isLoading ? <PageLoader /> : null}
      {error ? <Alert severity="error">{errorText(t, error)}</Alert> : null}
      {user ? (
        <Stack spacing={3}>
          <Section title={t('account.avatar.title')}>
            <AvatarUpload user={user} onSaved={onSaved} />
          </Section>
          {user.role === 'creator' ? (
            <Section title={t('identity.title')}>
              <IdentityVerification canVerify onVerified={onSaved} />
            </Section>
          ) : null}
          <Section title={t('account.detailsTitle')}>
            <AccountDetailsForm user={user} onSaved={onSaved} />
          </Section>
          <Section title={t('account.password.title')}>
            <ChangePasswordForm />
          </Section>
          <Section title={t('account.twoFactor.title')} id="two-factor">
            <TwoFactorSettings />
          </Section>
          <Section title={t('notifications.mail.title')} id="mail">
            <MailPreferencesForm />
          </Section>
          <Section title={t('account.sessions.title')}>
            <SessionsList />
          </Section>
          {user.role === 'admin' ? null : (
            <Section title={t('account.deletion.title')}>
              <AccountDeletion />
            </Section>
          )}
        </Stack>
      ) : null}
    </>
  );
}
