import Instagram from '@mui/icons-material/Instagram';
import MusicNote from '@mui/icons-material/MusicNote';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../../hooks/use-t';
import { errorText } from '../../lib/error-text';
import { ExternalLink } from '../campaigns/external-link';
import type { CreatorSummary } from '../campaigns/types';
import { useFormat } from '../campaigns/use-format';
import { usePhone } from '../campaigns/use-phone';
import { ProviderReportSummary } from './provider-report-summary';

/** 'nano' for 1,000–10,000 followers and 'micro' up to 100,000, as the matching does. */
function tierOf(followers: number | null): 'nano' | 'micro' | null {
  if (followers === null) return null;
  if (followers >= 1_000 && followers <= 10_000) return 'nano';
  if (followers > 10_000 && followers <= 100_000) return 'micro';
  return null;
}

function Account({
  icon,
  platform,
  provider,
  handle,
  followers,
  url,
}: {
  icon: ReactNode;
  platform: string;
  provider: 'instagram' | 'tiktok';
  handle: string | null;
  followers: number | null;
  url: string;
}) {
  const t = useT();
  const format = useFormat();
  const tier = tierOf(followers);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ color: 'primary.main', pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {platform}
        </Typography>
        {handle ? (
          <>
            <ExternalLink href={`${url}${encodeURIComponent(handle)}`}>@{handle}</ExternalLink>
            <Typography variant="body2">
              {followers === null
                ? t('claims.report.followersUnknown')
                : t('claims.report.followers', { count: format.number(followers) })}
              {tier ? ` · ${t(`campaigns.tierNames.${tier}`)}` : null}
            </Typography>
            <ProviderReportSummary platform={provider} handle={handle} />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('claims.report.notLinked')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The spec's social media report dialog: the creator's handles and follower counts, their audience
 * from the data provider's cached report (discovery's cache; fetching a missing one costs a credit), with Close
 * and, when the creator's claim waits for an answer, Select and Close (approves the claim).
 */
export function SocialReportDialog({
  creator,
  onSelect,
  onClose,
}: {
  creator: CreatorSummary | null;
  onSelect?: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const isPhone = usePhone();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  const select = async () => {
    if (!onSelect) return;
    setIsBusy(true);
    setError(null);
    try {
      await onSelect();
      onClose();
    } catch (caught) {
      setError(errorText(t, caught));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog open={!!creator} onClose={close} aria-labelledby={titleId} fullScreen={isPhone} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('claims.report.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {creator ? (
          <>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
              <Avatar
                src={creator.image ?? undefined}
                alt=""
                sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
              >
                {creator.name.slice(0, 1)}
              </Avatar>
              <Typography variant="h6" component="p">
                {creator.name}
              </Typography>
            </Box>
            <Account
              icon={<Instagram />}
              platform={t('campaigns.platforms.instagram')}
              provider="instagram"
              handle={creator.instagramHandle}
              followers={creator.instagramFollowers}
              url="https://www.instagram.com/"
            />
            <Account
              icon={<MusicNote />}
              platform={t('campaigns.platforms.tiktok')}
              provider="tiktok"
              handle={creator.tiktokHandle}
              followers={creator.tiktokFollowers}
              url="https://www.tiktok.com/@"
            />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('buttons.close')}</Button>
        {onSelect ? (
          <Button variant="contained" onClick={select} loading={isBusy}>
            {t('claims.report.select')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
