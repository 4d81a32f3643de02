import type { FiguresView, TrackedPostView } from '@kollab/contract/api/results';
import { useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import type { Translate } from '../../hooks/use-t';
import { useMoneyFormat } from '../money/money';

export type Milestone = TrackedPostView['readings'][number]['milestone'];

export interface ResultsFormat {
  number: (value: number) => string;
  /** An engagement rate (a fraction) as a percentage with up to two decimals; a dash when null. */
  rate: (value: number | null) => string;
  /** Öre as SEK; a dash when null (nothing to divide by). */
  sek: (ore: number | null) => string;
  /**
   * Öre as SEK with up to four decimals: a cost per view is often a fraction of an öre, which the
   * usual two decimals would show as 0 kr.
   */
  sekFine: (ore: number | null) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
}

/** Figures in the user's language: counts, rates and costs as the results page and claim page show them. */
export function useResultsFormat(): ResultsFormat {
  const locale = useLocale();
  const money = useMoneyFormat();
  return useMemo(() => {
    const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
    const number = new Intl.NumberFormat(tag);
    const rate = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 });
    const fine = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: 'SEK',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    });
    return {
      number: (value) => number.format(value),
      rate: (value) => (value === null ? '–' : rate.format(value)),
      sek: (ore) => (ore === null ? '–' : money.sek(Math.round(ore))),
      sekFine: (ore) => (ore === null ? '–' : fine.format(ore / 100)),
      date: money.date,
      dateTime: money.dateTime,
    };
  }, [locale, money]);
}

/** The figures a brand compares posts and campaigns by, labelled, in display order. */
export function figureRows(t: Translate, format: ResultsFormat, figures: FiguresView) {
  return [
    { key: 'views', label: t('results.figures.views'), value: format.number(figures.views) },
    { key: 'engagements', label: t('results.figures.engagements'), value: format.number(figures.engagements) },
    { key: 'engagementRate', label: t('results.figures.engagementRate'), value: format.rate(figures.engagementRate) },
    { key: 'paid', label: t('results.figures.paid'), value: format.sek(figures.paidOre) },
    { key: 'cpv', label: t('results.figures.cpv'), value: format.sekFine(figures.costPerViewOre) },
    { key: 'cpm', label: t('results.figures.cpm'), value: format.sek(figures.cpmOre) },
    { key: 'cpe', label: t('results.figures.cpe'), value: format.sekFine(figures.costPerEngagementOre) },
  ];
}

const MILESTONES = ['check', '1h', '24h', '7d', '30d'] as const;

/** A milestone the API names as a string (`nextRead.milestone`) in words ("after 24 hours"). */
export function milestoneText(t: Translate, milestone: string): string {
  const known = MILESTONES.find((name) => name === milestone);
  return known ? t(`results.milestone.${known}`) : milestone;
}
