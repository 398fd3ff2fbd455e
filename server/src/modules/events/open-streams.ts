import { tooManyRequests, type RateLimits } from '../../lib/rate-limits';

export const STREAMS_PER_ADDRESS_MESSAGE = 'Too many open event streams from this address. Close some tabs and try again.';
export const STREAMS_PER_ACCOUNT_MESSAGE = 'Too many open event streams for this account. Close some tabs and try again.';
/** A refused stream's Retry-After: browsers' EventSource does not retry a 429, so this is for scripts. */
const RETRY_AFTER_MS = 30_000;

/**
 * Event streams open in this process, per client address and per account (issue 32: 2,000 from one
 * address were accepted, each holding a socket and a place in every fan-out). A stream past either
 * cap (EVENT_STREAMS_PER_ADDRESS, EVENT_STREAMS_PER_ACCOUNT) is refused with 429 JSON before it
 * starts; each stream gives its place back when it closes. Counted per process, like the streams
 * themselves: behind N processes an address may hold up to N times the cap.
 */
export class OpenStreams {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limits: Pick<RateLimits, 'eventStreamsPerAddress' | 'eventStreamsPerAccount'>) {}

  /** Takes a place for a stream, or throws 429; the returned function gives it back (once). */
  open(address: string, userId: number | undefined): () => void {
    const keys = [`address:${address}`, ...(userId === undefined ? [] : [`account:${userId}`])];
    if (this.count(keys[0]) >= this.limits.eventStreamsPerAddress) throw tooManyRequests(STREAMS_PER_ADDRESS_MESSAGE, RETRY_AFTER_MS);
    if (keys[1] && this.count(keys[1]) >= this.limits.eventStreamsPerAccount) {
      throw tooManyRequests(STREAMS_PER_ACCOUNT_MESSAGE, RETRY_AFTER_MS);
    }
    for (const key of keys) this.counts.set(key, this.count(key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) {
        const left = this.count(key) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    };
  }

  private count(key: string | undefined): number {
    return key === undefined ? 0 : (this.counts.get(key) ?? 0);
  }
}
