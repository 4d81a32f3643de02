import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './create-router.ts';

describe('findNulCharacter', () => {
  it('finds a NUL character at any depth and names its dotted path', () => {
    expect(findNulCharacter('a\u0000')).toBe('$');
    expect(findNulCharacter({ title: 'ok', budget: { note: 'x\u0000y' } })).toBe('budget.note');
    expect(findNulCharacter({ guidelines: ['fine', '\u0000'] })).toBe('guidelines.1');
    expect(findNulCharacter([{ a: [{ b: '\u0000' }] }])).toBe('0.a.0.b');
  });

  it('accepts every other character, including other control characters and lone surrogates', () => {
    expect(findNulCharacter({ a: '\u0001\u001f\ud800 \u200b', b: 1, c: null, d: true, e: [] })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });

  it('does not look inside uploaded files or other class instances', () => {
    const file = new File(['\u0000'], 'x.png', { type: 'image/png' });
    expect(findNulCharacter({ file })).toBeUndefined();
  });

  it('walks input nested thousands of levels deep without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(findNulCharacter(deep)).toBe(Array.from({ length: 20_000 }, () => '0').join('.'));
  });
});
