import { useCallback, useState } from 'react';

export interface RowDialog<T> {
  target: T | null;
  isOpen: boolean;
  show: (row: T) => void;
  close: () => void;
}

/** A dialog about one row: the row stays set while the dialog animates out after closing. */
export function useRowDialog<T>(): RowDialog<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const show = useCallback((row: T) => {
    setTarget(row);
    setIsOpen(true);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  return { target, isOpen, show, close };
}
