import type { Translate } from '../../hooks/use-t';

/** A role's name ("Kreatör", "Varumärke", "Administratör"); the scheduler is "Systemet". */
export function roleLabel(t: Translate, role: string): string {
  switch (role) {
    case 'creator':
      return t('admin.role.creator');
    case 'brand':
      return t('admin.role.brand');
    case 'admin':
      return t('admin.role.admin');
    case 'system':
      return t('admin.role.system');
    default:
      return role;
  }
}
