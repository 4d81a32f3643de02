import { describe, expect, it } from 'vitest';
import { linkify, safeHttpUrl } from './linkify';

describe('linkify', () => {
  it('keeps plain text as one part', () => {
    expect(linkify('Hej! Hur går det?')).toEqual([{ type: 'text', text: 'Hej! Hur går det?' }]);
  });

  it('turns http and https URLs into links and keeps the text around them', () => {
    expect(linkify('Se https://fjallkaffe.example/rost?a=1#x och http://a.se.')).toEqual([
      { type: 'text', text: 'Se ' },
      { type: 'link', text: 'https://fjallkaffe.example/rost?a=1#x', href: 'https://fjallkaffe.example/rost?a=1#x' },
      { type: 'text', text: ' och ' },
      { type: 'link', text: 'http://a.se', href: 'http://a.se/' },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves a closing bracket that belongs to the sentence outside the link', () => {
    expect(linkify('(se https://a.se/x)')).toEqual([
      { type: 'text', text: '(se ' },
      { type: 'link', text: 'https://a.se/x', href: 'https://a.se/x' },
      { type: 'text', text: ')' },
    ]);
    expect(linkify('https://sv.wikipedia.org/wiki/Kaffe_(dryck)')[0]).toMatchObject({
      type: 'link',
      text: 'https://sv.wikipedia.org/wiki/Kaffe_(dryck)',
    });
  });

  it('never links HTML, Markdown or other schemes', () => {
    const body =
      '<script>alert(1)</script> [x](javascript:alert(1)) <a href="javascript:alert(2)">y</a> data:text/html,hi';
    expect(linkify(body)).toEqual([{ type: 'text', text: body }]);
  });

  it('does not let a Markdown link smuggle a second scheme in', () => {
    const parts = linkify('[klick](https://a.se)');
    expect(parts).toEqual([
      { type: 'text', text: '[klick](' },
      { type: 'link', text: 'https://a.se', href: 'https://a.se/' },
      { type: 'text', text: ')' },
    ]);
  });

  it('rejects URLs the parser does not accept', () => {
    expect(safeHttpUrl('https://')).toBeNull();
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('HTTPS://A.SE')).toBe('https://a.se/');
    expect(linkify('http://[oops')).toEqual([{ type: 'text', text: 'http://[oops' }]);
  });
});
