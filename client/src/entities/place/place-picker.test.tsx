import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import type { Point } from './place-api';
import { PlacePicker, type PlaceValue } from './place-picker';

// Leaflet does not run in jsdom: a stand-in map whose buttons "tap" two points.
vi.mock('./place-map', () => ({
  default: ({ onPick }: { onPick(p: Point): void }) => (
    <div>
      <button type="button" onClick={() => onPick({ latitude: 30.2587, longitude: -97.7383 })}>
        tap Rainey
      </button>
      <button type="button" onClick={() => onPick({ latitude: 31, longitude: -98 })}>
        tap nowhere
      </button>
    </div>
  ),
}));

afterEach(() => vi.unstubAllGlobals());

const RAINEY = { label: 'Rainey St', latitude: 30.2587, longitude: -97.7383 };

/** The picker in a form, as the operator screens hold it; `changes` records what the form got. */
function Form({ start, addressAfterMove }: { start?: Partial<PlaceValue>; addressAfterMove?: (to: Point, address: string) => string }) {
  const [value, setValue] = useState<PlaceValue>({ latitude: '', longitude: '', address: '', ...start });
  return (
    <form onSubmit={() => submitted()}>
      <PlacePicker
        value={value}
        onChange={(patch) => setValue((v) => ({ ...v, ...patch }))}
        labels={{ latitude: 'Latitude', longitude: 'Longitude', locate: 'Use my location', map: 'Map' }}
        locate={async () => ({ latitude: 30.2587001, longitude: -97.7383001 })}
        addressAfterMove={addressAfterMove}
      />
      <label>
        Address
        <input value={value.address} onChange={(e) => setValue((v) => ({ ...v, address: e.target.value }))} />
      </label>
    </form>
  );
}
const submitted = vi.fn();

// The first test pays for loading the picker's modules, which on a busy shared machine can pass 5 s.
describe('PlacePicker', { timeout: 20_000 }, () => {
  it('searches and takes a chosen place: coordinates and address', async () => {
    const fetch = mockFetch({ 'GET /api/geocode/search?q=rain': () => json([RAINEY]) });
    renderWithApp(<Form />);
    fireEvent.change(screen.getByLabelText('Search for an address or a place'), { target: { value: 'rain' } });
    // Searches wait for typing to pause (350 ms): longer than findBy's default wait on a busy machine.
    fireEvent.click(await screen.findByRole('button', { name: 'Rainey St' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue('30.258700');
    expect(screen.getByLabelText('Longitude')).toHaveValue('-97.738300');
    expect(screen.getByLabelText('Address')).toHaveValue('Rainey St');
    expect(screen.getByTestId('picked-place')).toHaveTextContent('Picked: Rainey St');
    expect(screen.queryByRole('list', { name: 'Places found' })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes the first place on Enter, without submitting the form around it', async () => {
    mockFetch({ 'GET /api/geocode/search?q=rainey': () => json([RAINEY, { ...RAINEY, label: '70 Rainey St' }]) });
    renderWithApp(<Form />);
    const search = screen.getByLabelText('Search for an address or a place');
    fireEvent.change(search, { target: { value: 'rainey' } });
    await screen.findByRole('button', { name: '70 Rainey St' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByLabelText('Address')).toHaveValue('Rainey St');
    expect(submitted).not.toHaveBeenCalled();
  });

  it("says when nothing is found, and shows the server's message when the search is unavailable", async () => {
    mockFetch({
      'GET /api/geocode/search?q=zzz': () => json([]),
      'GET /api/geocode/search?q=down': () => json({ message: 'Address search is unavailable right now.' }, 503),
    });
    renderWithApp(<Form />);
    const search = screen.getByLabelText('Search for an address or a place');
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No places found for “zzz”. Pick the place on the map instead.')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'down' } });
    expect(await screen.findByText('Address search is unavailable right now.')).toBeInTheDocument();
  });

  it('looks up a tapped point and fills an empty address with what it finds; nothing found leaves it empty', async () => {
    mockFetch({
      'GET /api/geocode/reverse?lat=30.2587&lng=-97.7383': () => json({ place: RAINEY }),
      'GET /api/geocode/reverse?lat=31&lng=-98': () => json({ place: null }),
    });
    renderWithApp(<Form />);
    fireEvent.click(await screen.findByRole('button', { name: 'tap Rainey' }));
    expect(screen.getByLabelText('Latitude')).toHaveValue('30.258700');
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('Rainey St'));
    // The address the picker wrote described the old point: a new point replaces it.
    fireEvent.click(screen.getByRole('button', { name: 'tap nowhere' }));
    expect(await screen.findByText('No known address at this point: describe the place in your own words.')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Latitude')).toHaveValue('31.000000');
  });

  it("keeps an address the operator wrote, unless the form's rule drops it after a move", async () => {
    mockFetch({ 'GET /api/geocode/reverse?lat=30.2587&lng=-97.7383': () => json({ place: RAINEY }) });
    const { unmount } = renderWithApp(<Form start={{ address: 'Behind the bar' }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'tap Rainey' }));
    expect(await screen.findByText('Rainey St')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('Behind the bar');
    unmount();

    renderWithApp(<Form start={{ address: 'Old spot' }} addressAfterMove={() => ''} />);
    fireEvent.click(await screen.findByRole('button', { name: 'tap Rainey' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('Rainey St'));
  });

  it("puts the pin at the device's position and looks it up", async () => {
    mockFetch({ 'GET /api/geocode/reverse?lat=30.2587&lng=-97.7383': () => json({ place: RAINEY }) });
    renderWithApp(<Form />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use my location' })));
    expect(screen.getByLabelText('Latitude')).toHaveValue('30.258700');
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue('Rainey St'));
  });

  it('keeps typed coordinates possible', () => {
    mockFetch({});
    renderWithApp(<Form />);
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '30.1' } });
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: '-97.2' } });
    expect(screen.getByLabelText('Latitude')).toHaveValue('30.1');
    expect(screen.getByLabelText('Longitude')).toHaveValue('-97.2');
  });
});
