import { parse } from 'hono/utils/cookie';
import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookie-value.ts';

const NAME = 'kollab_session';

describe('cookieValue', () => {
  // Each header is read by Hono's own parser too: the session cookie must be found (or not) the same.
  it.each([
    ['the only cookie', 'kollab_session=abc.def'],
    ['among others', 'locale=en; kollab_session=abc.def; theme=dark'],
    ['spaces and tabs around', ' \tkollab_session \t=\t abc.def \t; x=1'],
    ['quoted', 'kollab_session="abc.def"'],
    ['percent-encoded', 'kollab_session=a%2Eb%2Ec'],
    ['badly percent-encoded', 'kollab_session=a%E0%A4%A.b'],
    ['the first of two', 'kollab_session=first.one; kollab_session=second.one'],
    ['after an invalid value of the same name', 'kollab_session=bad,value; kollab_session=good.one'],
    ['only an invalid value', 'kollab_session=bad;value\\'],
    ['a longer name that contains it', 'old_kollab_session=abc.def; kollab_session_x=1'],
    ['the name only as a value', 'other=kollab_session'],
    ['no equals sign', 'kollab_session; kollab_session'],
    ['empty value', 'kollab_session=; x=1'],
    ['absent', 'locale=sv'],
    ['empty header', ''],
  ])('%s', (_what, header) => {
    expect(cookieValue(header, NAME)).toBe(parse(header, NAME)[NAME]);
  });

  it('reads what a browser sends', () => {
    expect(cookieValue('locale=en; kollab_session=abc.def', NAME)).toBe('abc.def');
    expect(cookieValue('locale=en', NAME)).toBeUndefined();
  });
});
