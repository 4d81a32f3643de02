import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFormat } from '../../../components/campaigns/use-format';
import { useT } from '../../../hooks/use-t';

/** Admins' creators table: verified with BankID and when, or not verified (ADR 026). */
export function IdentityCell({ verifiedAt }: { verifiedAt: string | null }) {
  const t = useT();
  const format = useFormat();
  if (!verifiedAt) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('identity.admin.notVerified')}
      </Typography>
    );
  }
  return (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      icon={<VerifiedUserOutlined />}
      label={t('identity.admin.verified', { date: format.dateTime(verifiedAt) })}
    />
  );
}
