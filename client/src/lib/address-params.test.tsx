import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { useAddressParams, type AddressParams } from './address-params';

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const renders: AddressParams[] = [];
  function Screen() {
    renders.push(useAddressParams('/find-trucks'));
    return null;
  }
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Screen />
    </Router>,
  );
  return { location, renders, address: () => location.history.at(-1) };
}

describe('useAddressParams', () => {
  it('reads the query and writes one parameter, replacing the entry', () => {
    const { renders, location, address } = renderAt('/find-trucks?q=taco');
    expect(renders.at(-1)?.params.get('q')).toBe('taco');
    act(() => renders.at(-1)?.setParam('filters', 'vegan'));
    expect(address()).toBe('/find-trucks?q=taco&filters=vegan');
    expect(renders.at(-1)?.params.get('filters')).toBe('vegan');
    act(() => renders.at(-1)?.setParam('q', null));
    expect(address()).toBe('/find-trucks?filters=vegan');
    // Replaced, not pushed: one entry for the screen however often it writes.
    expect(location.history).toHaveLength(1);
  });

  it('keeps a write made before the screen renders again when a second write comes from the older render', () => {
    // A filter tapped while the search's debounced write still waits in an effect of the render
    // before the tap: both writes come from the same render's setParam.
    const { renders, address } = renderAt('/find-trucks');
    const before = renders.at(-1);
    act(() => {
      before?.setParam('filters', 'step-free');
      before?.setParam('q', 'tacos');
    });
    expect(address()).toBe('/find-trucks?filters=step-free&q=tacos');
  });

  it('builds on an address changed from outside the screen (a link, Back)', () => {
    const { renders, location, address } = renderAt('/find-trucks?q=taco');
    act(() => location.navigate('/find-trucks?q=pho&listings=hide'));
    act(() => renders.at(-1)?.setParam('filters', 'vegan'));
    expect(address()).toBe('/find-trucks?q=pho&listings=hide&filters=vegan');
  });
});
