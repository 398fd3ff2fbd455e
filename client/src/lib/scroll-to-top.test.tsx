import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    window.history.replaceState(null, '', '/find-trucks');
    window.scrollTo = scrollTo as typeof window.scrollTo;
    scrollTo.mockClear();
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  const mount = () =>
    render(
      <Router>
        <ScrollToTop />
      </Router>,
    );

  it('leaves the first screen where the browser put it, and opens a screen a link leads to at its top', () => {
    mount();
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/trucks/5'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('does not move for a change of the query alone, nor for a link to a #part', () => {
    mount();
    act(() => navigate('/find-trucks?q=tacos', { replace: true }));
    act(() => navigate('/account#alerts'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves Back to the browser, and the next link still opens at the top', async () => {
    mount();
    act(() => navigate('/trucks/5'));
    scrollTo.mockClear();
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect(window.location.pathname).toBe('/find-trucks'));
    });
    // A Back within one screen (the query alone) too.
    act(() => navigate('/find-trucks?q=pho'));
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect(window.location.search).toBe(''));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => navigate('/trucks/6'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
