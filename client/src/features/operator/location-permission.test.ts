import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocationPermission } from './hooks/use-location-permission';
import { askLocationPermission, prefetchLocationPermissionFor } from './location-permission';

afterEach(() => vi.unstubAllGlobals());

function stubPermission(state: PermissionState) {
  const status = Object.assign(new EventTarget(), { state });
  const query = vi.fn(async () => status);
  vi.stubGlobal('navigator', { ...navigator, permissions: { query } });
  return { status, query };
}

describe('the location permission on the dashboard', () => {
  it('is asked by the page’s first script, so the screen’s first render already knows it; changes follow', async () => {
    const { status, query } = stubPermission('denied');
    prefetchLocationPermissionFor('/find-trucks');
    expect(query).not.toHaveBeenCalled();
    prefetchLocationPermissionFor('/operator-dashboard');
    expect(query).toHaveBeenCalledWith({ name: 'geolocation' });
    await askLocationPermission();
    const { result, unmount } = renderHook(() => useLocationPermission());
    expect(result.current).toBe('denied');
    expect(query).toHaveBeenCalledTimes(1);
    act(() => {
      status.state = 'granted';
      status.dispatchEvent(new Event('change'));
    });
    expect(result.current).toBe('granted');
    unmount();
  });

  it('is unknown where the Permissions API cannot answer', async () => {
    vi.stubGlobal('navigator', { ...navigator, permissions: undefined });
    const { result } = renderHook(() => useLocationPermission());
    await act(() => askLocationPermission());
    expect(result.current).toBe('unknown');
  });
});
