import type { ReactNode } from 'react';
import type { MessageKey } from '../providers/i18n-provider';

/** An entry in the signed-in navigation; each area's route file exports its own. */
export interface NavItem {
  to: string;
  label: MessageKey;
  icon: ReactNode;
  roles: ('creator' | 'brand' | 'admin')[];
}
