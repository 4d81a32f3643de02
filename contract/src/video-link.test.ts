import { describe, expect, it } from 'vitest';
import type { VideoLink } from './video-link.ts';
import { parseVideoLink } from './video-link.ts';

describe('parseVideoLink: valid Instagram links', () => {
  it.each<[string, VideoLink]>([
    [
      'https://www.instagram.com/p/C8xYz12AbCd/',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'https://www.instagram.com/p/C8xYz12AbCd/?igsh=MWQ1ZGUxMzBkMA==',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'https://www.instagram.com/p/C8xYz12AbCd/?utm_source=ig_web_copy_link&igsh=abc',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'instagram.com/p/C8xYz12AbCd',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'http://instagram.com/p/C8xYz12AbCd',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      '  https://m.instagram.com/p/C8x-Yz_12/#comments  ',
      { url: 'https://www.instagram.com/p/C8x-Yz_12/', platform: 'instagram', kind: 'post', id: 'C8x-Yz_12' },
    ],
    [
      'HTTPS://WWW.INSTAGRAM.COM/p/C8xYz12AbCd/',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'https://www.instagram.com/reel/C9AbCdEfGhI/?igsh=MTc4MmM1YmI2Ng%3D%3D',
      { url: 'https://www.instagram.com/reel/C9AbCdEfGhI/', platform: 'instagram', kind: 'reel', id: 'C9AbCdEfGhI' },
    ],
    [
      'https://www.instagram.com/reels/C9AbCdEfGhI/',
      { url: 'https://www.instagram.com/reel/C9AbCdEfGhI/', platform: 'instagram', kind: 'reel', id: 'C9AbCdEfGhI' },
    ],
    [
      'https://www.instagram.com/anna.svensson/reel/C9AbCdEfGhI/',
      { url: 'https://www.instagram.com/reel/C9AbCdEfGhI/', platform: 'instagram', kind: 'reel', id: 'C9AbCdEfGhI' },
    ],
    [
      'https://www.instagram.com/anna_svensson/p/C8xYz12AbCd/?img_index=2',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'https://www.instagram.com/tv/CA1b2C3d4E5/',
      { url: 'https://www.instagram.com/tv/CA1b2C3d4E5/', platform: 'instagram', kind: 'tv', id: 'CA1b2C3d4E5' },
    ],
    [
      'https://instagr.am/p/C8xYz12AbCd/',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'https://www.instagram.com./p/C8xYz12AbCd/',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      '//instagram.com/p/abcde',
      { url: 'https://www.instagram.com/p/abcde/', platform: 'instagram', kind: 'post', id: 'abcde' },
    ],
    // "Copy link" in the app and on the web, today and recently
    [
      'https://www.instagram.com/reel/DRrOSFNER-n/?utm_source=ig_web_copy_link&igsh=aGg4YmRlZWQzdXk1',
      { url: 'https://www.instagram.com/reel/DRrOSFNER-n/', platform: 'instagram', kind: 'reel', id: 'DRrOSFNER-n' },
    ],
    [
      'https://instagram.com/reel/C9AbCdEfGhI',
      { url: 'https://www.instagram.com/reel/C9AbCdEfGhI/', platform: 'instagram', kind: 'reel', id: 'C9AbCdEfGhI' },
    ],
    [
      'www.instagram.com/reel/C9AbCdEfGhI/?igsh=MWQ1ZGUxMzBkMA==',
      { url: 'https://www.instagram.com/reel/C9AbCdEfGhI/', platform: 'instagram', kind: 'reel', id: 'C9AbCdEfGhI' },
    ],
    [
      'https://instagram.com/reels/C9AbCdEfGhI?utm_source=ig_web_button_share_sheet',
      { url: 'https://www.instagram.com/reel/C9AbCdEfGhI/', platform: 'instagram', kind: 'reel', id: 'C9AbCdEfGhI' },
    ],
    [
      'https://www.instagram.com/p/C8xYz12AbCd/?img_index=1&utm_source=ig_web_copy_link',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'https://www.instagram.com/anna.svensson/p/C8xYz12AbCd',
      { url: 'https://www.instagram.com/p/C8xYz12AbCd/', platform: 'instagram', kind: 'post', id: 'C8xYz12AbCd' },
    ],
    [
      'instagram.com/tv/CA1b2C3d4E5?igshid=YmMyMTA2M2Y=',
      { url: 'https://www.instagram.com/tv/CA1b2C3d4E5/', platform: 'instagram', kind: 'tv', id: 'CA1b2C3d4E5' },
    ],
    // The app's share links since late 2024: a redirect token, not the shortcode, so kept as it is
    // (before, /share/reel/<token> was read as user "share"'s reel and rewritten to a wrong /reel/<token>/).
    [
      'https://www.instagram.com/share/reel/BAPa6ljOT',
      { url: 'https://www.instagram.com/share/reel/BAPa6ljOT/', platform: 'instagram', kind: 'short', id: 'BAPa6ljOT' },
    ],
    [
      'https://www.instagram.com/share/p/BBssG7qOOw/?igsh=MWQ1ZGUxMzBkMA==',
      { url: 'https://www.instagram.com/share/p/BBssG7qOOw/', platform: 'instagram', kind: 'short', id: 'BBssG7qOOw' },
    ],
    [
      'instagram.com/share/BALgLjxuDu',
      { url: 'https://www.instagram.com/share/BALgLjxuDu/', platform: 'instagram', kind: 'short', id: 'BALgLjxuDu' },
    ],
  ])('%s', (input, value) => {
    expect(parseVideoLink(input)).toEqual({ ok: true, value });
  });
});

describe('parseVideoLink: valid TikTok links', () => {
  it.each<[string, VideoLink]>([
    [
      'https://www.tiktok.com/@anna.svensson/video/7301234567890123456',
      {
        url: 'https://www.tiktok.com/@anna.svensson/video/7301234567890123456',
        platform: 'tiktok',
        kind: 'video',
        id: '7301234567890123456',
      },
    ],
    [
      'https://www.tiktok.com/@Anna_Svensson/video/7301234567890123456?is_from_webapp=1&sender_device=pc&web_id=7301',
      {
        url: 'https://www.tiktok.com/@anna_svensson/video/7301234567890123456',
        platform: 'tiktok',
        kind: 'video',
        id: '7301234567890123456',
      },
    ],
    [
      'tiktok.com/@anna/video/7301234567890123456/',
      {
        url: 'https://www.tiktok.com/@anna/video/7301234567890123456',
        platform: 'tiktok',
        kind: 'video',
        id: '7301234567890123456',
      },
    ],
    [
      'https://m.tiktok.com/@anna/video/123456789012345?_r=1&_t=8k',
      {
        url: 'https://www.tiktok.com/@anna/video/123456789012345',
        platform: 'tiktok',
        kind: 'video',
        id: '123456789012345',
      },
    ],
    [
      'https://vm.tiktok.com/ZMabc123X/',
      { url: 'https://vm.tiktok.com/ZMabc123X/', platform: 'tiktok', kind: 'short', id: 'ZMabc123X' },
    ],
    [
      'vm.tiktok.com/ZMabc123X',
      { url: 'https://vm.tiktok.com/ZMabc123X/', platform: 'tiktok', kind: 'short', id: 'ZMabc123X' },
    ],
    [
      'https://vt.tiktok.com/ZSjKLmN0p/?utm_source=copy',
      { url: 'https://vt.tiktok.com/ZSjKLmN0p/', platform: 'tiktok', kind: 'short', id: 'ZSjKLmN0p' },
    ],
    [
      'https://www.tiktok.com/t/ZTRabc12x/',
      { url: 'https://www.tiktok.com/t/ZTRabc12x/', platform: 'tiktok', kind: 'short', id: 'ZTRabc12x' },
    ],
    [
      'http://tiktok.com/t/ZTRabc12x',
      { url: 'https://www.tiktok.com/t/ZTRabc12x/', platform: 'tiktok', kind: 'short', id: 'ZTRabc12x' },
    ],
    // Today's app and web shares
    [
      'https://www.tiktok.com/@anna.svensson/video/7518211703922904328?_r=1&_t=ZS-8zjzroAFzlN',
      {
        url: 'https://www.tiktok.com/@anna.svensson/video/7518211703922904328',
        platform: 'tiktok',
        kind: 'video',
        id: '7518211703922904328',
      },
    ],
    [
      'https://www.tiktok.com/@anna-svensson/video/7518211703922904328?is_from_webapp=1&sender_device=pc',
      {
        url: 'https://www.tiktok.com/@anna-svensson/video/7518211703922904328',
        platform: 'tiktok',
        kind: 'video',
        id: '7518211703922904328',
      },
    ],
    [
      'https://www.tiktok.com/@anna/video/7518211703922904328?lang=sv-SE',
      {
        url: 'https://www.tiktok.com/@anna/video/7518211703922904328',
        platform: 'tiktok',
        kind: 'video',
        id: '7518211703922904328',
      },
    ],
    [
      'https://vt.tiktok.com/ZSDMtC7eH/',
      { url: 'https://vt.tiktok.com/ZSDMtC7eH/', platform: 'tiktok', kind: 'short', id: 'ZSDMtC7eH' },
    ],
    [
      'https://vm.tiktok.com/ZMhAbCdEf/?k=1',
      { url: 'https://vm.tiktok.com/ZMhAbCdEf/', platform: 'tiktok', kind: 'short', id: 'ZMhAbCdEf' },
    ],
    [
      'https://tiktok.com/t/ZTRabc12x/?t=1',
      { url: 'https://www.tiktok.com/t/ZTRabc12x/', platform: 'tiktok', kind: 'short', id: 'ZTRabc12x' },
    ],
    // Older apps' mobile share link (still resolves to the video)
    [
      'https://m.tiktok.com/v/6749869095467945218.html',
      {
        url: 'https://m.tiktok.com/v/6749869095467945218.html',
        platform: 'tiktok',
        kind: 'video',
        id: '6749869095467945218',
      },
    ],
    [
      'https://m.tiktok.com/v/7301234567890123456.html?u_code=d26mc55dm71j6b&preview_pb=0&language=sv&_d=e3ghk9e4h8ha6k&share_item_id=7301234567890123456&source=h5_m&timestamp=1700000000&utm_campaign=client_share&app=musically&utm_medium=ios&tt_from=copy&utm_source=copy',
      {
        url: 'https://m.tiktok.com/v/7301234567890123456.html',
        platform: 'tiktok',
        kind: 'video',
        id: '7301234567890123456',
      },
    ],
    [
      'http://m.tiktok.com/v/6749869095467945218',
      {
        url: 'https://m.tiktok.com/v/6749869095467945218.html',
        platform: 'tiktok',
        kind: 'video',
        id: '6749869095467945218',
      },
    ],
  ])('%s', (input, value) => {
    expect(parseVideoLink(input)).toEqual({ ok: true, value });
  });
});

describe('parseVideoLink: rejected links', () => {
  it.each([
    // Instagram host, but not a post/reel/tv
    ['https://www.instagram.com/anna.svensson/', 'invalid_instagram_url'], // profile
    ['https://www.instagram.com/', 'invalid_instagram_url'],
    ['instagram.com', 'invalid_instagram_url'],
    ['https://www.instagram.com/p/', 'invalid_instagram_url'],
    ['https://www.instagram.com/p/abcd/', 'invalid_instagram_url'], // code too short
    [`https://www.instagram.com/p/${'a'.repeat(41)}/`, 'invalid_instagram_url'], // code too long
    ['https://www.instagram.com/p/C8xYz12AbCd/extra', 'invalid_instagram_url'],
    ['https://www.instagram.com/p/C8x.Yz12/', 'invalid_instagram_url'],
    ['https://www.instagram.com/stories/anna/3301234567890/', 'invalid_instagram_url'],
    ['https://www.instagram.com/explore/tags/fika/', 'invalid_instagram_url'],
    ['https://www.instagram.com/anna.svensson/reels/', 'invalid_instagram_url'], // profile's reels tab
    ['https://www.instagram.com/anna.svensson/?igsh=MWQ1ZGUxMzBkMA==', 'invalid_instagram_url'], // profile, shared from the app
    ['https://www.instagram.com/reels/audio/1234567890123456/', 'invalid_instagram_url'],
    ['https://www.instagram.com/share/', 'invalid_instagram_url'],
    ['https://www.instagram.com/share/stories/BAPa6ljOT', 'invalid_instagram_url'],
    ['https://www.instagram.com/share/reel/BAPa6ljOT/C9AbCdEfGhI/', 'invalid_instagram_url'],
    ['https://l.instagram.com/?u=https%3A%2F%2Fwww.instagram.com%2Fp%2FC8xYz12AbCd%2F', 'invalid_instagram_url'],
    ['https://www.instagram.com/P/C8xYz12AbCd/', 'invalid_instagram_url'],
    ['https://business.instagram.com/p/C8xYz12AbCd/', 'invalid_instagram_url'],
    ['https://www.instagram.com:8443/p/C8xYz12AbCd/', 'invalid_instagram_url'],
    ['https://user:pass@www.instagram.com/p/C8xYz12AbCd/', 'invalid_instagram_url'],
    // TikTok host, but not a video or short link
    ['https://www.tiktok.com/@anna.svensson', 'invalid_tiktok_url'], // profile
    ['https://www.tiktok.com/@anna/photo/7301234567890123456', 'invalid_tiktok_url'], // photo post
    ['https://www.tiktok.com/@anna/video/12345678901234', 'invalid_tiktok_url'], // 14 digits
    ['https://www.tiktok.com/@anna/video/12345678901234567890123', 'invalid_tiktok_url'], // 23 digits
    ['https://www.tiktok.com/@anna/video/73012345678901234ab', 'invalid_tiktok_url'],
    ['https://www.tiktok.com/video/7301234567890123456', 'invalid_tiktok_url'], // no user
    ['https://vm.tiktok.com/', 'invalid_tiktok_url'],
    ['https://vm.tiktok.com/ZMa1/', 'invalid_tiktok_url'], // code too short
    ['https://vm.tiktok.com/ZMabc-123X/', 'invalid_tiktok_url'],
    ['https://vm.tiktok.com/ZMabc123X/more/', 'invalid_tiktok_url'],
    ['https://www.tiktok.com/t/', 'invalid_tiktok_url'],
    ['https://www.tiktok.com/foryou', 'invalid_tiktok_url'],
    ['https://www.tiktok.com/tag/fika', 'invalid_tiktok_url'],
    ['https://www.tiktok.com/@anna.svensson?_t=ZS-8zjzivnVK1F&_r=1', 'invalid_tiktok_url'], // profile, shared from the app
    ['https://www.tiktok.com/@anna.svensson/live', 'invalid_tiktok_url'],
    ['https://m.tiktok.com/h5/share/usr/6641141594707361797.html', 'invalid_tiktok_url'], // old profile share
    ['https://m.tiktok.com/v/abcdefghijklmnop.html', 'invalid_tiktok_url'],
    ['https://m.tiktok.com/v/12345678901234.html', 'invalid_tiktok_url'], // 14 digits
    ['https://m.tiktok.com/v/7301234567890123456.htm', 'invalid_tiktok_url'],
    ['https://m.tiktok.com/v/7301234567890123456.html/more', 'invalid_tiktok_url'],
    ['https://m.tiktok.com/v/', 'invalid_tiktok_url'],
    ['https://vm.tiktok.com/v/7301234567890123456.html', 'invalid_tiktok_url'],
    ['https://ads.tiktok.com/@anna/video/7301234567890123456', 'invalid_tiktok_url'],
    // Other platforms and look-alikes
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'unsupported_platform'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'unsupported_platform'],
    ['https://youtu.be/dQw4w9WgXcQ', 'unsupported_platform'],
    ['https://www.facebook.com/reel/1234567890', 'unsupported_platform'],
    ['https://www.snapchat.com/spotlight/abc', 'unsupported_platform'],
    ['https://instagram.com.evil.se/p/C8xYz12AbCd/', 'unsupported_platform'],
    ['https://notinstagram.com/p/C8xYz12AbCd/', 'unsupported_platform'],
    ['https://instagram.co/p/C8xYz12AbCd/', 'unsupported_platform'],
    ['https://www.instagram.com@evil.se/p/C8xYz12AbCd/', 'unsupported_platform'],
    ['https://xn--nstagram-8kf.com/p/C8xYz12AbCd/', 'unsupported_platform'],
    ['https://instаgram.com/p/C8xYz12AbCd/', 'unsupported_platform'], // Cyrillic 'а'
    ['https://tiktok.com.evil.se/@anna/video/7301234567890123456', 'unsupported_platform'],
    ['https://tiktok.com.evil.example/@anna/video/7301234567890123456', 'unsupported_platform'],
    ['https://m.tiktok.com.evil.example/v/7301234567890123456.html', 'unsupported_platform'],
    ['https://m.tiktok.co/v/7301234567890123456.html', 'unsupported_platform'],
    ['https://instagram.com.evil.example/reel/C9AbCdEfGhI/', 'unsupported_platform'],
    ['https://www.threads.net/@anna.svensson/post/C8xYz12AbCd', 'unsupported_platform'],
    ['https://mytiktok.com/@anna/video/7301234567890123456', 'unsupported_platform'],
    ['https://192.168.0.1/p/C8xYz12AbCd/', 'unsupported_platform'],
    ['example.com', 'unsupported_platform'],
    // Not a URL at all
    ['', 'invalid_url'],
    ['   ', 'invalid_url'],
    ['hello', 'invalid_url'],
    ['not a url', 'invalid_url'],
    ['https://', 'invalid_url'],
    ['javascript:alert(1)', 'invalid_url'],
    ['JavaScript:alert(document.cookie)//instagram.com/p/C8xYz12AbCd', 'invalid_url'],
    ['data:text/html,<script>alert(1)</script>', 'invalid_url'],
    ['ftp://instagram.com/p/C8xYz12AbCd/', 'invalid_url'],
    ['mailto:anna@instagram.com', 'invalid_url'],
    ['https://www.instagram.com/p/C8xYz12AbCd/ https://vm.tiktok.com/ZMabc123X/', 'invalid_url'],
    ['localhost:3000', 'invalid_url'],
    [`https://www.instagram.com/p/C8xYz12AbCd/?x=${'a'.repeat(2048)}`, 'invalid_url'],
  ])('%s → %s', (input, error) => {
    expect(parseVideoLink(input)).toEqual({ ok: false, error });
  });
});
