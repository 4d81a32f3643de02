import CampaignIcon from '@mui/icons-material/Campaign';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * The cover image (decorative: the title says what the campaign is) or a neutral placeholder,
 * at 1200×630's aspect ratio, with an optional overlay text on top.
 */
export function CampaignCover({
  coverUrl,
  overlay,
  maxHeight,
}: {
  coverUrl: string | null;
  overlay?: ReactNode;
  /** A banner cap for wide screens (the details page); the image is cropped to fill it. */
  maxHeight?: number;
}) {
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '1200 / 630',
        maxHeight,
        width: '100%',
        bgcolor: '#dfe9e6',
        overflow: 'hidden',
      }}
    >
      {coverUrl ? (
        <Box
          component="img"
          src={coverUrl}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            background: 'linear-gradient(135deg, #e0f2f1 0%, #f7f5f0 100%)',
          }}
        >
          <CampaignIcon sx={{ fontSize: 56, opacity: 0.5 }} />
        </Box>
      )}
      {overlay ? (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(16, 32, 30, 0.62)',
            color: '#fff',
            fontWeight: 700,
            fontSize: '1.25rem',
            textAlign: 'center',
            px: 2,
          }}
        >
          {overlay}
        </Box>
      ) : null}
    </Box>
  );
}
