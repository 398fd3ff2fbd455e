/** A mutation as `useMutation` returns it: only what `mutateThen` calls. */
interface Mutation<TData, TVars> {
  mutateAsync(vars: TVars): Promise<TData>;
}

/**
 * Runs `mutation` and reports its outcome even when the component that started it is gone by the
 * time it ends. TanStack Query calls `mutate(vars, { onSuccess })`'s own callbacks only while that
 * component is mounted, and a change often removes the very row or popup its button was in (an
 * approved claim leaves the pending list; the refetch after a favourite redraws the map popup): the
 * toast saying it worked was lost, at random (the flaky claims.spec and customers.spec).
 */
export function mutateThen<TData, TVars>(
  mutation: Mutation<TData, TVars>,
  vars: TVars,
  { onSuccess, onError }: { onSuccess?: (data: TData) => void; onError: (error: unknown) => void },
): void {
  mutation.mutateAsync(vars).then(onSuccess, onError);
}
