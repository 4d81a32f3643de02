import Google from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { useState } from 'react';

/** Starts the Google flow; the page leaves for Google, so the button stays busy. */
export function GoogleButton({ label, onStart }: { label: string; onStart: () => Promise<void> }) {
  const [isBusy, setIsBusy] = useState(false);
  const start = async () => {
    setIsBusy(true);
    try {
      await onStart();
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="large" fullWidth startIcon={<Google />} loading={isBusy} onClick={start}>
      {label}
    </Button>
  );
}
