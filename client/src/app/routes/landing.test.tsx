import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithApp } from '@client/test/render';
import { LandingPage } from './landing';
import NotFoundPage from './not-found';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing page', () => {
  it("shows the product, tagline, both calls to action, four features and this year's copyright", () => {
    const fetchMock = mockFetch({});
    renderWithApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Food Truck Finder' })).toBeInTheDocument();
    expect(screen.getByText('Find your favorite food trucks in real time')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Food Trucks' })).toHaveAttribute('href', '/find-trucks');
    expect(screen.getByRole('link', { name: 'Food Truck Operators' })).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Real-Time Tracking',
      'Discover New Favorites',
      'Business Hours',
      'For Food Truck Operators',
    ]);
    expect(screen.getByRole('link', { name: 'Log in to your operator account' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Food Truck Finder`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('not-found screen', () => {
  it('says 404 Page Not Found in words for diners, not developers, with a way home', () => {
    mockFetch({});
    renderWithApp(<NotFoundPage />, { path: '/nowhere' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find this page. The link may be old or mistyped.")).toBeInTheDocument();
    expect(screen.queryByText(/router/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
