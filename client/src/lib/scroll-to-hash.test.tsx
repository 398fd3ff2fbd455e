import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { partNamed, ScrollToHash } from './scroll-to-hash';

describe('ScrollToHash', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the part a hash names, decoded, and a malformed hash as written instead of throwing', () => {
    expect(partNamed('#alerts')).toBe('alerts');
    expect(partNamed('#caf%C3%A9')).toBe('café');
    expect(partNamed('#%')).toBe('%');
    expect(partNamed('')).toBe('');
  });

  it('an address with a malformed hash still renders the app, and a part drawn later is scrolled to', async () => {
    window.history.replaceState(null, '', '/account#%E0');
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(
      <Router>
        <ScrollToHash />
        <p>Account</p>
      </Router>,
    );
    expect(screen.getByText('Account')).toBeInTheDocument();
    window.history.replaceState(null, '', '/account#alerts');
    const { unmount } = render(
      <Router>
        <ScrollToHash />
      </Router>,
    );
    const part = document.createElement('section');
    part.id = 'alerts';
    document.body.append(part);
    await vi.waitFor(() => expect(scroll).toHaveBeenCalledWith({ block: 'start' }));
    unmount();
    part.remove();
  });
});
