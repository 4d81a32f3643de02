import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useT } from '../../hooks/use-t';
import type { Notice } from '../../providers/notification-provider';

/** The spec's 6000 ms; MUI pauses the timer on hover and focus. */
const AUTO_HIDE_MS = 6000;

interface NoticeSnackbarProps {
  notice: Notice;
  isOpen: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** The spec's snackbar: bottom-left; Escape, click-away and the close button close it. */
export function NoticeSnackbar({ notice, isOpen, onClose, onExited }: NoticeSnackbarProps) {
  const t = useT();
  return (
    <Snackbar
      key={notice.key}
      open={isOpen}
      autoHideDuration={AUTO_HIDE_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        onClose={onClose}
        closeText={t('notifications.close')}
        sx={{ width: '100%' }}
      >
        {notice.message}
        {notice.description ? ` ${notice.description}` : null}
      </Alert>
    </Snackbar>
  );
}
