import { act, render, renderHook, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss, toast, useToasts } from '@client/lib/toast';

afterEach(() => {
  act(() => dismiss());
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time: a new toast replaces the previous one', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      toast({ title: 'Second', variant: 'destructive', duration: 6000 });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', variant: 'destructive', duration: 6000, open: true });
  });

  it('dismiss closes the toast and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Bye' });
    });
    act(() => dismiss(id));
    expect(result.current[0]).toMatchObject({ id, open: false });
    act(() => vi.advanceTimersByTime(999_999));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });

  it('a toast shown while the toaster mounts (before its effects run) is not missed', () => {
    function Shown() {
      return <p>{useToasts().map((t) => t.title)}</p>;
    }
    function ToastsOnMount() {
      useLayoutEffect(() => {
        toast({ title: 'Saved while mounting' });
      }, []);
      return null;
    }
    render(
      <>
        <Shown />
        <ToastsOnMount />
      </>,
    );
    expect(screen.getByText('Saved while mounting')).toBeTruthy();
  });
});
