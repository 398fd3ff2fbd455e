import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

/** A queue whose jobs record when they start and end only when the test releases them. */
function harness() {
  const queue = new FairQueue();
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const submit = (caller: string, name: string) =>
    queue.run(caller, () => {
      started.push(name);
      return new Promise<void>((resolve) => release.set(name, resolve));
    });
  const finish = async (name: string) => {
    release.get(name)?.();
    // Let the queue start the next job.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, finish };
}

describe('FairQueue (issue 32: one caller never delays another by more than one question)', () => {
  it('runs one job at a time, taking callers in turn rather than in arrival order', async () => {
    const { queue, started, submit, finish } = harness();
    void submit('a', 'a1');
    void submit('a', 'a2');
    void submit('a', 'a3');
    void submit('b', 'b1');
    void submit('c', 'c1');
    expect(started).toEqual(['a1']);
    expect(queue.size).toBe(4);
    for (const name of ['a1', 'b1', 'c1', 'a2']) await finish(name);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    await finish('a3');
    expect(queue.size).toBe(0);
  });

  it('puts a caller who queues again while served behind the callers already waiting', async () => {
    const { started, submit, finish } = harness();
    void submit('a', 'a1');
    void submit('b', 'b1');
    void submit('a', 'a2'); // a1 is in hand: a has been served, b not yet
    await finish('a1');
    expect(started).toEqual(['a1', 'b1']);
    void submit('b', 'b2');
    await finish('b1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
    await finish('a2');
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('passes on results and failures, and goes on after a failure', async () => {
    const queue = new FairQueue();
    await expect(queue.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(queue.run('a', async () => 42)).resolves.toBe(42);
  });
});
