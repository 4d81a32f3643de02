import { describe, expect, it } from 'vitest';
import { dictionaryOptions, parseEmails, rawPost } from './parse';

const languageName = (code: string, fallback?: string) => (code === 'sv' ? 'svenska' : (fallback ?? code));

describe('dictionary options', () => {
  it('uses a location title, numeric ids as strings', () => {
    const body = {
      error: false,
      locations: [
        { id: 1001, name: 'Sweden', title: 'Sweden' },
        { id: 2001, name: 'Stockholm', title: 'Stockholm, Sweden' },
      ],
      total: 2,
    };
    expect(dictionaryOptions('locations', body, languageName)).toEqual([
      { id: '1001', name: 'Sweden' },
      { id: '2001', name: 'Stockholm, Sweden' },
    ]);
  });

  it('names languages in the user language, falling back to the provider name', () => {
    const body = { languages: [{ code: 'sv', name: 'Swedish' }, { code: 'xx', name: 'Sample' }, { name: 'no code' }] };
    expect(dictionaryOptions('languages', body, languageName)).toEqual([
      { id: 'sv', name: 'svenska' },
      { id: 'xx', name: 'Sample' },
    ]);
  });

  it('keys accounts by handle and reads either picture field', () => {
    const body = {
      users: [
        {
          userId: '1',
          username: 'cleo.creates',
          fullname: 'Cleo Creator',
          picture: 'https://a/1.jpg',
          followers: 8600,
        },
        { userId: '2', handle: 'fjallkaffe', profile_picture: 'https://a/2.jpg', followers: 12400 },
        { userId: '3' },
      ],
    };
    expect(dictionaryOptions('users', body, languageName)).toEqual([
      { id: 'cleo.creates', name: 'cleo.creates (Cleo Creator)', picture: 'https://a/1.jpg', followers: 8600 },
      { id: 'fjallkaffe', name: 'fjallkaffe', picture: 'https://a/2.jpg', followers: 12400 },
    ]);
  });

  it('answers nothing for a body without the list', () => {
    expect(dictionaryOptions('brands', { error: false }, languageName)).toEqual([]);
    expect(dictionaryOptions('brands', null, languageName)).toEqual([]);
  });
});

describe('raw Instagram posts', () => {
  it('links reels and posts, hides likes of -1 and reads views when there are any', () => {
    expect(
      rawPost({
        pk: '39',
        code: 'Dx0SAMPLE01',
        product_type: 'clips',
        taken_at: 1767225600,
        caption: { text: 'Lemon orzo' },
        like_count: 1284,
        comment_count: 57,
        play_count: 22000,
      }),
    ).toEqual({
      id: '39',
      text: 'Lemon orzo',
      url: 'https://www.instagram.com/reel/Dx0SAMPLE01/',
      created: '2026-01-01T00:00:00.000Z',
      likes: 1284,
      comments: 57,
      views: 22000,
    });
    expect(
      rawPost({ pk: 40, code: 'Dx0SAMPLE02', product_type: 'carousel_container', like_count: -1, view_count: null }),
    ).toEqual({ id: '40', text: '', url: 'https://www.instagram.com/p/Dx0SAMPLE02/' });
  });

  it('skips media without a shortcode', () => {
    expect(rawPost({ pk: 1 })).toBeNull();
  });
});

describe('pasted e-mail addresses', () => {
  it('splits on lines, commas, semicolons and spaces; drops duplicates; sets apart what is not an address', () => {
    expect(
      parseEmails('Cleo@Example.com\nnobody@example.com, cleo@example.com;<bo@example.se>  not-an-address\n\n'),
    ).toEqual({
      valid: ['cleo@example.com', 'nobody@example.com', 'bo@example.se'],
      invalid: ['not-an-address'],
    });
  });

  it('finds nothing in blank text', () => {
    expect(parseEmails(' \n , ')).toEqual({ valid: [], invalid: [] });
  });
});
