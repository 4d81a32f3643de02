import Chip, { type ChipProps } from '@mui/material/Chip';

export type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'error' | 'progress';

/** Light backgrounds with dark text: every pair passes WCAG AA for small text. */
const TONES: Record<Tone, { bgcolor: string; color: string }> = {
  neutral: { bgcolor: '#eceff1', color: '#263238' },
  info: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  success: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  warning: { bgcolor: '#fff3e0', color: '#8a3c00' },
  error: { bgcolor: '#ffebee', color: '#b71c1c' },
  progress: { bgcolor: '#ede7f6', color: '#4527a0' },
};

/** A status chip in one of a few accessible colour tones. */
export function ToneChip({ label, tone, size = 'small' }: { label: string; tone: Tone; size?: ChipProps['size'] }) {
  return <Chip label={label} size={size} sx={{ ...TONES[tone], fontWeight: 600 }} />;
}
