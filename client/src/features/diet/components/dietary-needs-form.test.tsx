import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { DietaryNeedsForm } from './dietary-needs-form';

afterEach(() => vi.unstubAllGlobals());

describe('DietaryNeedsForm (issue 28)', () => {
  it('says when the saved needs cannot be loaded, and tries again on request', async () => {
    let fail = true;
    mockFetch({
      'GET /api/auth/user/dietary-needs': () => (fail ? json({ message: 'Internal error' }, 503) : json({ diets: ['vegan'], avoid: [] })),
    });
    renderWithApp(<DietaryNeedsForm />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your dietary needs.');
    expect(screen.queryByRole('checkbox')).toBeNull();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Vegan' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Peanuts' })).not.toBeChecked();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
