import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_PAGES, fillPath, firstLoadPage } from './first-load';

const portalRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('the first-load table', () => {
  it('names modules that exist', () => {
    for (const page of FIRST_LOAD_PAGES) {
      for (const module of [...page.modules, ...(page.lazy ?? [])]) {
        expect(existsSync(`${portalRoot}${module}`), `${page.path}: ${module}`).toBe(true);
      }
    }
  });

  it('finds the page of an address with its parameters, decoded', () => {
    expect(firstLoadPage('/campaigns')?.page.path).toBe('/campaigns');
    expect(firstLoadPage('/campaigns/')?.page.path).toBe('/campaigns');
    const show = firstLoadPage('/campaigns/a%20b');
    expect(show?.page.path).toBe('/campaigns/:id');
    expect(show?.params).toEqual({ id: 'a b' });
    expect(show?.page.data?.map((template) => fillPath(template, show.params))).toEqual([
      '/api/campaigns/a%20b',
      '/api/categories',
    ]);
    expect(firstLoadPage('/campaigns/abc/pay')).toBeNull();
    expect(firstLoadPage('/nowhere')).toBeNull();
  });
});
