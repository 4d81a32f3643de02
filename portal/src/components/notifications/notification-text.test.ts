import type { Notification } from '@kollab/contract/api/notifications';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../hooks/use-t';
import en from '../../locales/notifications.en.json';
import sv from '../../locales/notifications.sv.json';
import { notificationText, notificationTime } from './notification-text';

const translator =
  (texts: Record<string, string>): Translate =>
  (key, options = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));

const notification = (type: Notification['type'], payload: Notification['payload']): Notification => ({
  id: 'n1',
  type,
  payload,
  link: '/earnings',
  createdAt: '2026-11-26T09:05:00.000Z',
  readAt: null,
});

describe('notificationText', () => {
  it('says one new message or how many, from whom', () => {
    const one = notification('new_messages', { campaign: 'Höstens kaffe', creator: 'Fjällkaffe AB', count: 1 });
    const three = notification('new_messages', { campaign: 'Höstens kaffe', creator: 'Fjällkaffe AB', count: 3 });
    expect(notificationText(translator(sv), 'sv', one)).toBe('Nytt meddelande från Fjällkaffe AB om ”Höstens kaffe”');
    expect(notificationText(translator(en), 'en', three)).toBe(
      '3 new messages from Fjällkaffe AB about “Höstens kaffe”',
    );
  });

  // Intl puts no-break spaces in amounts: compared as plain spaces.
  it('writes amounts in kronor the reader’s way', () => {
    const paid = notification('withdrawal_paid', { amountOre: 125_050 });
    expect(notificationText(translator(sv), 'sv', paid).replace(/\s/g, ' ')).toBe(
      'Ditt uttag på 1 250,50 kr är utbetalt',
    );
    const received = notificationText(translator(en), 'en', notification('payment_received', { amountOre: 200_000 }));
    expect(received.replace(/\s/g, ' ')).toBe('Payment received: SEK 2,000');
  });

  it('has a text for every type in both languages', () => {
    for (const texts of [sv, en]) {
      const keys = Object.keys(texts).filter((key) => key.startsWith('notifications.type.'));
      expect(keys).toHaveLength(13);
    }
  });
});

describe('notificationTime', () => {
  it('shows the time for today and the date before', () => {
    const now = new Date('2026-11-26T15:00:00.000Z');
    expect(notificationTime('sv', '2026-11-26T09:05:00.000Z', now)).toMatch(/^\d\d:\d\d$/);
    expect(notificationTime('en', '2026-11-20T09:05:00.000Z', now)).toMatch(/20 Nov 2026/);
  });
});
