/** A campaign's results as CSV (one row per post and reading) and as a PDF report with a chart. */
import type { CampaignResultsView, FiguresView, TrackedPostView } from '@kollab/contract/api/results';
import PDFDocument from 'pdfkit';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import { money } from '../billing/document-pdf.ts';

type Locale = 'sv' | 'en';

const TEXT = {
  sv: {
    title: 'Resultat',
    creator: 'Kreatör',
    platform: 'Plattform',
    url: 'Länk',
    milestone: 'Avläsning',
    readAt: 'Läst',
    views: 'Visningar',
    likes: 'Gilla',
    comments: 'Kommentarer',
    shares: 'Delningar',
    engagementRate: 'Engagemang',
    paid: 'Betalt',
    cpv: 'Kostnad per visning',
    cpm: 'CPM',
    cpe: 'Kostnad per engagemang',
    adLabel: 'Reklammärkning',
    ok: 'godkänd',
    failing: 'brister',
    unchecked: 'ej kontrollerad',
    total: 'Totalt',
    viewsOverTime: 'Visningar över tid',
    posts: 'Inlägg',
    none: 'Inga spårade inlägg ännu.',
    disappeared: 'borttaget',
    linkErased: 'Länken togs bort när kreatörens konto raderades.',
  },
  en: {
    title: 'Results',
    creator: 'Creator',
    platform: 'Platform',
    url: 'Link',
    milestone: 'Read',
    readAt: 'Read at',
    views: 'Views',
    likes: 'Likes',
    comments: 'Comments',
    shares: 'Shares',
    engagementRate: 'Engagement rate',
    paid: 'Paid',
    cpv: 'Cost per view',
    cpm: 'CPM',
    cpe: 'Cost per engagement',
    adLabel: 'Ad label',
    ok: 'passed',
    failing: 'failing',
    unchecked: 'not checked',
    total: 'Total',
    viewsOverTime: 'Views over time',
    posts: 'Posts',
    none: 'No tracked posts yet.',
    disappeared: 'removed',
    linkErased: "The link was removed when the creator's account was deleted.",
  },
} as const;

const rate = (value: number | null, locale: Locale) =>
  value === null
    ? ''
    : `${(value * 100).toLocaleString(locale === 'sv' ? 'sv-SE' : 'en-GB', { maximumFractionDigits: 2 })} %`;
const kronor = (ore: number | null) => (ore === null ? '' : (ore / 100).toFixed(2));

type CsvRow = { post: TrackedPostView; reading: TrackedPostView['readings'][number] };

/**
 * One row per reading (the time series), plain numbers (kronor with a point, rates as fractions)
 * so a spreadsheet can compute with them; headers in the reader's language.
 */
export function resultsCsv(results: CampaignResultsView, locale: Locale): string {
  const t = TEXT[locale];
  const columns: CsvColumn<CsvRow>[] = [
    [t.creator, (row) => row.post.creator.name],
    [t.platform, (row) => row.post.platform],
    [t.url, (row) => row.post.url],
    [t.milestone, (row) => row.reading.milestone],
    [t.readAt, (row) => row.reading.readAt],
    [t.views, (row) => row.reading.views],
    [t.likes, (row) => row.reading.likes],
    [t.comments, (row) => row.reading.comments],
    [t.shares, (row) => row.reading.shares],
    [`${t.paid} (SEK)`, (row) => kronor(row.post.figures?.paidOre ?? null)],
    [`${t.adLabel}`, (row) => (row.post.adLabel ? (row.post.adLabel.ok ? t.ok : t.failing) : t.unchecked)],
  ];
  const rows = results.posts.flatMap((post) => post.readings.map((reading) => ({ post, reading })));
  return toCsv(columns, rows);
}

function figureLines(figures: FiguresView, locale: Locale): [string, string][] {
  const t = TEXT[locale];
  const number = (n: number) => n.toLocaleString(locale === 'sv' ? 'sv-SE' : 'en-GB').replace(/[\u00a0\u202f]/g, ' ');
  const orNone = (ore: number | null) => (ore === null ? '–' : money(Math.round(ore), locale));
  // A cost per view is often a fraction of an öre: up to four decimals of a krona, as the portal shows it.
  const fine = (ore: number | null) =>
    ore === null
      ? '–'
      : new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
          style: 'currency',
          currency: 'SEK',
          minimumFractionDigits: 2,
          maximumFractionDigits: 4,
        })
          .format(ore / 100)
          .replace(/[\u00a0\u202f]/g, ' ');
  return [
    [t.views, number(figures.views)],
    [t.engagementRate, rate(figures.engagementRate, locale) || '–'],
    [t.paid, money(figures.paidOre, locale)],
    [t.cpv, fine(figures.costPerViewOre)],
    [t.cpm, orNone(figures.cpmOre)],
    [t.cpe, fine(figures.costPerEngagementOre)],
  ];
}

/** The PDF report: totals, a line chart of each post's views over time, one block per post. */
export async function resultsPdf(results: CampaignResultsView, locale: Locale): Promise<Buffer> {
  const t = TEXT[locale];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t.title}: ${results.campaign.title}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.fontSize(18).text(`${t.title}: ${results.campaign.title}`);
  doc.moveDown(0.5).fontSize(12).text(t.total, { underline: true });
  for (const [label, value] of figureLines(results.totals, locale)) doc.fontSize(10).text(`${label}: ${value}`);

  const series = results.posts.filter((post) => post.readings.length > 0);
  if (series.length > 0) {
    doc.moveDown().fontSize(12).text(t.viewsOverTime, { underline: true });
    const top = doc.y + 8;
    const [left, width, height] = [60, 470, 160];
    const times = series.flatMap((post) => post.readings.map((reading) => Date.parse(reading.readAt)));
    const [first, last] = [Math.min(...times), Math.max(...times)];
    const most = Math.max(1, ...series.flatMap((post) => post.readings.map((reading) => reading.views)));
    const x = (time: number) => left + (last > first ? ((time - first) / (last - first)) * width : width / 2);
    const y = (views: number) => top + height - (views / most) * height;
    doc
      .lineWidth(0.5)
      .strokeColor('#999999')
      .moveTo(left, top)
      .lineTo(left, top + height)
      .lineTo(left + width, top + height)
      .stroke();
    doc
      .fontSize(7)
      .fillColor('#444444')
      .text(String(most), 20, top - 3, { width: 36, align: 'right' });
    const palette = ['#1b5e20', '#0d47a1', '#b71c1c', '#4a148c', '#e65100', '#006064'];
    series.forEach((post, index) => {
      const color = palette[index % palette.length] as string;
      doc.lineWidth(1.2).strokeColor(color);
      post.readings.forEach((reading, at) => {
        const [px, py] = [x(Date.parse(reading.readAt)), y(reading.views)];
        if (at === 0) doc.moveTo(px, py);
        else doc.lineTo(px, py);
      });
      doc.stroke();
    });
    doc.fillColor('#000000');
    doc.y = top + height + 14;
    doc.x = 50;
  }

  doc.moveDown().fontSize(12).text(t.posts, { underline: true });
  if (results.posts.length === 0) doc.fontSize(10).text(t.none);
  for (const post of results.posts) {
    doc
      .moveDown(0.5)
      .fontSize(11)
      .text(`${post.creator.name} (${post.platform})${post.status === 'disappeared' ? ` – ${t.disappeared}` : ''}`);
    doc
      .fontSize(9)
      .fillColor('#444444')
      .text(post.url ?? t.linkErased)
      .fillColor('#000000');
    if (post.figures)
      doc.fontSize(9).text(
        figureLines(post.figures, locale)
          .map(([label, value]) => `${label}: ${value}`)
          .join(' · '),
      );
    doc.fontSize(9).text(`${t.adLabel}: ${post.adLabel ? (post.adLabel.ok ? t.ok : t.failing) : t.unchecked}`);
  }
  doc.end();
  return done;
}
