import SupportAgent from '@mui/icons-material/SupportAgent';
import Avatar from '@mui/material/Avatar';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** A person's picture, their initials, or the support icon; decorative (the name is always next to it). */
export function ChatAvatar({
  name,
  image,
  isSupport = false,
  size = 40,
}: {
  name: string;
  image: string | null;
  isSupport?: boolean;
  size?: number;
}) {
  return (
    <Avatar
      src={image ?? undefined}
      alt=""
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        bgcolor: isSupport ? 'primary.main' : 'secondary.main',
        color: isSupport ? 'primary.contrastText' : 'secondary.contrastText',
      }}
    >
      {isSupport ? <SupportAgent fontSize="small" /> : initials(name)}
    </Avatar>
  );
}
