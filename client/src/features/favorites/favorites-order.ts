/**
 * The favourites as the screen lists them: the open ones first, each part in the server's order
 * (newest favourite first). A diner opens their favourites to see who is serving now; a truck that
 * opens moves up as the list refreshes.
 */
export function openFirst<T extends { isOpen: boolean }>(trucks: readonly T[]): T[] {
  return [...trucks.filter((t) => t.isOpen), ...trucks.filter((t) => !t.isOpen)];
}
