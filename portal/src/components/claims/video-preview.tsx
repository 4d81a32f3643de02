import Instagram from '@mui/icons-material/Instagram';
import MusicNote from '@mui/icons-material/MusicNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useT } from '../../hooks/use-t';
import { PostLink } from './post-link';
import type { VideoLink } from './video-link';

/**
 * A link card for a submitted video. The portal loads no third-party scripts or embeds (they do
 * not load without the platforms' cooperation), so where the player would be it says the preview
 * could not load and offers the link instead.
 */
export function VideoPreview({
  link,
  title,
}: {
  link: { url: string | null; platform: string; kind: string };
  title?: string;
}) {
  const t = useT();
  const isInstagram = link.platform === 'instagram';
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {isInstagram ? <Instagram aria-hidden /> : <MusicNote aria-hidden />}
          <Typography sx={{ fontWeight: 600 }}>
            {title ??
              t('claims.video.previewTitle', {
                platform: t(isInstagram ? 'campaigns.platforms.instagram' : 'campaigns.platforms.tiktok'),
                kind: isKnownKind(link.kind) ? t(`claims.video.kinds.${link.kind}`) : link.kind,
              })}
          </Typography>
        </Box>
        <Alert severity="warning" variant="outlined">
          {t('claims.video.previewFailed')}
        </Alert>
        <PostLink url={link.url} sx={{ overflowWrap: 'anywhere' }} />
      </CardContent>
    </Card>
  );
}

function isKnownKind(kind: string): kind is VideoLink['kind'] {
  return ['post', 'reel', 'tv', 'video', 'short'].includes(kind);
}
