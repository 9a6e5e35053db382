/**
 * Progress lines off a terminal: matches done, the rate and the time left, with a
 * decimal for slow runs (a search bot's 0.5 matches/s is not shown as 0 or 1).
 */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { Progress } from '../../src/run/progress.ts';

const notTerminal = { isTTY: false } as NodeJS.WriteStream;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('progress lines', () => {
  it.each([
    [5, 10_000, '5/10 matches (50%), 0.5 matches/s, 10 s left'],
    [40, 10_000, '40/100 matches (40%), 4.0 matches/s, 15 s left'],
    [500, 10_000, '500/1000 matches (50%), 50 matches/s, 10 s left'],
  ])('%i matches after %i ms: %s', (done, ms, line) => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const total = Number(line.split('/')[1].split(' ')[0]);
    const p = new Progress(total, notTerminal);
    vi.advanceTimersByTime(ms);
    p.update(done);
    expect(written).toEqual([`${line}\n`]);
  });
});
