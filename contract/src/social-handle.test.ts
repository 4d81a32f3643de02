import { describe, expect, it } from 'vitest';
import { parseSocialHandle } from './social-handle.ts';

describe('parseSocialHandle: instagram', () => {
  it.each([
    ['anna.svensson', 'anna.svensson'],
    ['@anna.svensson', 'anna.svensson'],
    ['  @Anna_Svensson  ', 'anna_svensson'],
    ['a', 'a'],
    ['_', '_'],
    ['a.b.c', 'a.b.c'],
    ['name_', 'name_'],
    ['123', '123'],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['https://www.instagram.com/anna.svensson/', 'anna.svensson'],
    ['https://instagram.com/anna.svensson', 'anna.svensson'],
    ['http://www.instagram.com/Anna.Svensson', 'anna.svensson'],
    ['instagram.com/anna.svensson?igsh=MWQ1ZGUxMzBkMA==', 'anna.svensson'],
    ['www.instagram.com/anna.svensson/?hl=sv', 'anna.svensson'],
    ['https://m.instagram.com/anna.svensson#top', 'anna.svensson'],
    ['https://www.instagram.com/anna.svensson/reels/', 'anna.svensson'],
  ])('accepts %j', (input, value) => {
    expect(parseSocialHandle('instagram', input)).toEqual({ ok: true, value });
  });

  it.each([
    [''],
    ['@'],
    ['@@anna'],
    ['.anna'],
    ['anna.'],
    ['an..na'],
    ['anna svensson'],
    ['anna-svensson'],
    ['anna!'],
    ['åsa'],
    ['a'.repeat(31)],
    ['https://www.instagram.com/'],
    ['instagram.com'],
    ['https://www.instagram.com/p/C1a2b3c4d5/'],
    ['https://www.instagram.com/reel/C1a2b3c4d5/'],
    ['https://www.instagram.com/explore/tags/fika/'],
    ['https://www.instagram.com/@anna'],
    ['https://www.tiktok.com/@anna'],
    ['https://instagram.evil.com/anna'],
    ['https://notinstagram.com/anna'],
    ['https://example.com/anna'],
    ['ftp://instagram.com/anna'],
    ['anna/svensson'],
  ])('rejects %j', (input) => {
    expect(parseSocialHandle('instagram', input)).toEqual({ ok: false, error: 'invalid_handle' });
  });
});

describe('parseSocialHandle: tiktok', () => {
  it.each([
    ['anna.svensson', 'anna.svensson'],
    ['@anna.svensson', 'anna.svensson'],
    ['@Anna_Svensson', 'anna_svensson'],
    ['ab', 'ab'],
    ['.anna', '.anna'],
    ['an..na', 'an..na'],
    ['a'.repeat(24), 'a'.repeat(24)],
    ['https://www.tiktok.com/@anna.svensson', 'anna.svensson'],
    ['https://www.tiktok.com/@Anna.Svensson/', 'anna.svensson'],
    ['tiktok.com/@anna.svensson', 'anna.svensson'],
    ['m.tiktok.com/@anna.svensson?lang=sv', 'anna.svensson'],
    ['https://www.tiktok.com/@anna.svensson/video/7312345678901234567', 'anna.svensson'],
    ['https://www.tiktok.com/@anna.svensson?_t=8abc&_r=1', 'anna.svensson'],
  ])('accepts %j', (input, value) => {
    expect(parseSocialHandle('tiktok', input)).toEqual({ ok: true, value });
  });

  it.each([
    [''],
    ['@'],
    ['a'],
    ['@a'],
    ['anna.'],
    ['anna svensson'],
    ['anna-svensson'],
    ['a'.repeat(25)],
    ['https://www.tiktok.com/anna.svensson'],
    ['https://www.tiktok.com/'],
    ['tiktok.com'],
    ['https://vm.tiktok.com/ZMabc123/'],
    ['https://www.instagram.com/anna.svensson/'],
    ['instagram.com/anna.svensson'],
    ['https://tiktok.com.evil.com/@anna'],
  ])('rejects %j', (input) => {
    expect(parseSocialHandle('tiktok', input)).toEqual({ ok: false, error: 'invalid_handle' });
  });
});
