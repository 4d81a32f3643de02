import type { ReactNode } from 'react';
import type { MessageKey } from '../../../providers/i18n-provider';

/** What every step gets from the wizard: its heading (with "step n of 3") and its button row. */
export interface StepFrame {
  heading: (key: MessageKey) => ReactNode;
  actions: (next: ReactNode, back?: 0 | 1) => ReactNode;
}
