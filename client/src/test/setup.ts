import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s rather than Testing Library's 1 s: a screen that loads its parts
// on demand took 1,019 ms to show the dashboard's stop button on a slow 2-core CI machine, and
// failed when the machine was busier. Passing tests are no slower; only a failure waits longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // What a screen kept in its history entry (entry-state.ts) is the next test's page's no more.
  window.history.replaceState(null, '');
});
