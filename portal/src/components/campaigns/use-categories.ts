import { useApiQuery } from '../../hooks/use-api-query';
import { useLocale } from '../../hooks/use-locale';
import type { Category } from '../../lib/api-types';

/** The interest categories (`GET /api/categories`) and a key → label lookup in the user's language. */
export function useCategories() {
  const locale = useLocale();
  const query = useApiQuery<Category[]>('/api/categories');
  const labels = new Map((query.data ?? []).map((category) => [category.key, category[locale]]));
  return { ...query, label: (key: string) => labels.get(key) ?? key };
}
