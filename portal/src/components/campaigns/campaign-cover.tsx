import CampaignIcon from '@mui/icons-material/Campaign';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A card's width in the dashboard grid: full width on phones, half from `sm`, a third from `md`. */
const CARD_SIZES = '(min-width: 900px) 280px, (min-width: 600px) 50vw, 100vw';

/**
 * The cover image (decorative: the title says what the campaign is) or a neutral placeholder, at
 * 1200×630's aspect ratio so nothing moves when it loads. An overlay text (coming soon, over, pending
 * claim) sits in a solid label at the bottom edge, over a dark gradient, so it is legible on any
 * image and never covers the placeholder's icon (ADR 040).
 */
export function CampaignCover({
  coverUrl,
  coverSrcSet,
  sizes = CARD_SIZES,
  overlay,
  dimmed = false,
  priority = false,
  maxHeight,
}: {
  coverUrl: string | null;
  /** The image at several widths (`srcset`), when the API has them. */
  coverSrcSet?: string | null;
  /** How wide the image shows, for the browser's choice from `coverSrcSet`. */
  sizes?: string;
  overlay?: ReactNode;
  /** Grey the image out (a campaign that is over). */
  dimmed?: boolean;
  /**
   * The page's likely largest paint (the first card, a campaign's banner): fetched at once and
   * first, not lazily, which would hold the paint back until layout.
   */
  priority?: boolean;
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
        // A plain <img>: on MUI's Box, `width` and `height` would become CSS instead of the attributes
        // the browser reserves the space from.
        <img
          src={coverUrl}
          srcSet={coverSrcSet ?? undefined}
          sizes={coverSrcSet ? sizes : undefined}
          width={1200}
          height={630}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            display: 'block',
            filter: dimmed ? 'grayscale(0.85)' : undefined,
          }}
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
            // Above the overlay's label, so the two never meet.
            pb: overlay ? 5 : 0,
          }}
        >
          <CampaignIcon sx={{ fontSize: 48, opacity: 0.5 }} />
        </Box>
      )}
      {overlay ? (
        <Box
          sx={{
            position: 'absolute',
            inset: 'auto 0 0 0',
            height: '60%',
            display: 'flex',
            alignItems: 'flex-end',
            p: 1.5,
            background: coverUrl
              ? 'linear-gradient(to top, rgba(12, 26, 24, 0.78) 0%, rgba(12, 26, 24, 0.35) 55%, rgba(12, 26, 24, 0) 100%)'
              : undefined,
          }}
        >
          <Box
            component="span"
            sx={{
              bgcolor: '#10201e',
              color: '#fff',
              fontWeight: 700,
              fontSize: '0.9375rem',
              lineHeight: 1.3,
              px: 1.25,
              py: 0.5,
              borderRadius: 1,
              maxWidth: '100%',
              overflowWrap: 'anywhere',
            }}
          >
            {overlay}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
