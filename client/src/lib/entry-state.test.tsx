import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useEntryState } from './entry-state';

const isCount = (kept: unknown): kept is number => typeof kept === 'number';

function Counter() {
  const [count, setCount] = useEntryState('count', 1, isCount);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {count}
    </button>
  );
}

describe('useEntryState', () => {
  it('keeps its value in the history entry, and a screen mounted again on that entry starts from it', () => {
    const first = render(<Counter />);
    act(() => screen.getByRole('button').click());
    act(() => screen.getByRole('button').click());
    expect(window.history.state).toEqual({ count: 3 });
    first.unmount();
    // Back to the entry: the screen is drawn again as it was left.
    render(<Counter />);
    expect(screen.getByRole('button')).toHaveTextContent('3');
  });

  it('keeps what else the entry holds, and ignores a value of the wrong kind', () => {
    window.history.replaceState({ router: 'theirs', count: 'three' }, '');
    render(<Counter />);
    expect(screen.getByRole('button')).toHaveTextContent('1');
    expect(window.history.state).toEqual({ router: 'theirs', count: 1 });
  });

  it("is not read for the server's HTML, which a reload's hydration must find as rendered", () => {
    window.history.replaceState({ count: 7 }, '');
    expect(renderToString(<Counter />)).toContain('>1<');
  });
});
