/** Kronor as typed (`2 500`, `1234,50`, `99.5`) to öre, or null when it is not an amount. */
export function parseSek(text: string): number | null {
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/kr$|sek$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  return Math.round(Number(compact) * 100);
}

/** Öre as an editable kronor value, with the locale's decimal sign when there are öre. */
export function oreToInput(ore: number, locale: 'sv' | 'en'): string {
  if (ore % 100 === 0) return String(ore / 100);
  const text = (ore / 100).toFixed(2);
  return locale === 'sv' ? text.replace('.', ',') : text;
}
