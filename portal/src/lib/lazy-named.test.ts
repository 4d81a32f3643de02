import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyNamed, loadParts, RenderedParts, registerPart } from './lazy-named';

// The parts a rendered page names are loaded before it hydrates (ADR 034): round after round, as
// the chunks that define more parts come in.
describe('loadParts', () => {
  it('loads the named parts, and those their chunks define, once each; unknown names are left', async () => {
    const loaded: string[] = [];
    const part = (name: string, then?: () => void) => {
      let isLoaded = false;
      registerPart(name, {
        load: async () => {
          loaded.push(name);
          isLoaded = true;
          then?.();
        },
        isLoaded: () => isLoaded,
      });
    };
    // The outer part's chunk defines the inner one, as signed-in-routes.tsx defines the pages.
    part('TestOuter', () => part('TestInner'));
    part('TestDone');
    await loadParts(['TestDone']);
    await loadParts(['TestOuter', 'TestInner', 'TestDone', 'TestUnknown']);
    expect(loaded).toEqual(['TestDone', 'TestOuter', 'TestInner']);
  });
});

describe('lazyNamed', () => {
  const Greeting = lazyNamed(async () => ({ Hello: ({ name }: { name: string }) => `Hej ${name}` }), 'Hello');

  it('renders at once once loaded, and tells a server render that it was used', async () => {
    await loadParts(['Hello']);
    const parts = new Set<string>();
    const html = renderToString(
      createElement(RenderedParts, { value: parts }, createElement(Greeting, { name: 'Elin' })),
    );
    expect(html).toBe('Hej Elin');
    expect([...parts]).toEqual(['Hello']);
  });
});
