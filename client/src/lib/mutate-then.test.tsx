import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mutateThen } from './mutate-then';

/** A button that removes itself when its change is saved, as an approved claim's row does. */
function Row({ save, onSaved }: { save: () => Promise<string>; onSaved: (result: string) => void }) {
  const [shown, setShown] = useState(true);
  const mutation = useMutation({ mutationFn: save, onSuccess: () => setShown(false) });
  return shown ? <button onClick={() => mutateThen(mutation, undefined, { onSuccess: onSaved, onError: () => {} })}>Approve</button> : null;
}

function withClient(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('mutateThen', () => {
  it('reports success although the component that started the change is gone', async () => {
    const onSaved = vi.fn();
    let resolve = (_: string) => {};
    const promise = new Promise<string>((r) => (resolve = r));
    const save = vi.fn(() => promise);
    render(withClient(<Row save={save} onSaved={onSaved} />));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    await act(async () => resolve('approved'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('approved'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reports a failure', async () => {
    const onError = vi.fn();
    const mutation = { mutateAsync: () => Promise.reject(new Error('nope')) };
    mutateThen(mutation, undefined, { onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('nope')));
  });
});
