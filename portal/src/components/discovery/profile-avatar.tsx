import Avatar from '@mui/material/Avatar';

/**
 * An influencer's picture from the provider's image proxy (no referrer sent), with the handle's
 * first letter while it loads or when it fails. Decorative: the handle is always written beside it.
 */
export function ProfileAvatar({ src, handle, size = 40 }: { src?: string; handle: string; size?: number }) {
  return (
    <Avatar
      src={src}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
      slotProps={{ img: { referrerPolicy: 'no-referrer', loading: 'lazy' } }}
    >
      {handle.replace(/^@/, '').slice(0, 1).toUpperCase() || '?'}
    </Avatar>
  );
}
