import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setServerRenderedAt, useNow } from './use-now';

function Clock({ id }: { id: number }) {
  return <p data-testid={`clock-${id}`}>{useNow(30_000).toISOString()}</p>;
}

/** A part that reads the time (every 30 s), and each time it rendered with. */
function clockSpy() {
  const seen: string[] = [];
  function Spy() {
    const now = useNow().toISOString();
    seen.push(now);
    return <p>{now}</p>;
  }
  return { Spy, seen };
}

/**
 * A part that reads the time, hydrated on a device whose clock says `deviceNow` from a page the
 * server rendered at `renderedAt`, its effects run: the spy's times so far, and the spy.
 */
async function hydrateClock(deviceNow: string, renderedAt: string) {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(deviceNow));
  setServerRenderedAt(Date.parse(renderedAt));
  const spy = clockSpy();
  render(<spy.Spy />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
  return spy;
}

afterEach(() => {
  setServerRenderedAt(undefined);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useNow', () => {
  it('ticks every part that reads the time from one timer, and stops it when the last one goes', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-02T12:00:00Z'));
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const view = render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Clock key={i} id={i} />
        ))}
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    for (const id of [0, 19]) expect(screen.getByTestId(`clock-${id}`).textContent).toBe('2026-12-02T12:00:30.000Z');
    view.unmount();
    expect(clearInterval).toHaveBeenCalledTimes(1);
  });

  it("reads the server render's clock while hydrating, then the real one", async () => {
    const { Spy, seen } = await hydrateClock('2026-12-02T12:05:00Z', '2026-12-02T12:00:00Z');
    expect(seen[0]).toBe('2026-12-02T12:00:00.000Z');
    expect(seen.at(-1)).toBe('2026-12-02T12:05:00.000Z');
    // Once the app has hydrated, a part mounted later reads the real clock from its first render.
    setServerRenderedAt(undefined);
    seen.length = 0;
    render(<Spy />);
    expect(seen[0]).toBe('2026-12-02T12:05:00.000Z');
  });

  it('keeps a fresh server render’s clock until the first tick, rendering nothing again', async () => {
    const { seen } = await hydrateClock('2026-12-02T12:00:01Z', '2026-12-02T12:00:00Z');
    expect(seen).toEqual(['2026-12-02T12:00:00.000Z']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(seen.at(-1)).toBe('2026-12-02T12:00:31.000Z');
  });

  it('reads its own clock at once where it is behind the server render’s', async () => {
    const { seen } = await hydrateClock('2026-12-02T06:00:00Z', '2026-12-02T12:00:00Z');
    expect(seen.at(-1)).toBe('2026-12-02T06:00:00.000Z');
  });
});
