import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@client/lib/query-client';
import { App } from './app';

describe('the app as the server renders it (ADR 0168)', () => {
  it('has the layout outside every Suspense boundary and the screen in one, so hydration takes the navbar with the app and the screen in one more pass', () => {
    const html = renderToString(<App queryClient={createQueryClient()} location={{ path: '/', search: '' }} />);
    const nav = html.indexOf('<nav');
    const main = html.indexOf('<main');
    expect(nav).toBeGreaterThanOrEqual(0);
    expect(main).toBeGreaterThan(nav);
    // React hydrates each boundary in a pass of its own at its lowest priority: a boundary around the
    // layout as well put the screen, and its live data, two such passes behind the app.
    const opened = [...html.slice(0, main).matchAll(/<!--\$-->/g)].map((m) => m.index);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toBeGreaterThan(html.indexOf('</nav>'));
  });
});
