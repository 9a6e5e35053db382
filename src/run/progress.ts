/**
 * Progress for long runs: a live bar (matches done, matches per second, time left) on a
 * terminal; plain periodic lines when output goes to a file or CI log, so logs stay
 * readable. Uses cli-progress for the bar.
 *
 * The rate counts only the matches played by this process: a resumed run starts with the
 * earlier matches done (`start`), which took none of this process's time.
 */
import cliProgress from 'cli-progress';

export class Progress {
  private readonly total: number;
  private readonly bar: cliProgress.SingleBar | null;
  private readonly t0 = performance.now();
  private readonly start: number;
  private lastLine = 0;

  constructor(total: number, stream: NodeJS.WriteStream = process.stderr, start = 0) {
    this.total = total;
    this.start = start;
    if (stream.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { format: ' {bar} {value}/{total} matches | {rate} matches/s | {eta_formatted} left', stream, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total, start, { rate: '0' });
    } else this.bar = null;
  }

  /** A rate as printed: one decimal below 10 matches/s (slow search bots), whole above. */
  private static shown(rate: number): string {
    return rate < 10 ? rate.toFixed(1) : rate.toFixed(0);
  }

  /** Matches per second played by this process (matches done before it started are left out). */
  rate(done: number, now = performance.now()): number {
    const secs = (now - this.t0) / 1000;
    return secs > 0 ? Math.max(0, done - this.start) / secs : 0;
  }

  update(done: number): void {
    const rate = this.rate(done);
    if (this.bar) {
      this.bar.update(done, { rate: Progress.shown(rate) });
      return;
    }
    const now = performance.now();
    if (now - this.lastLine < 5000 && done < this.total) return;
    this.lastLine = now;
    const left = rate > 0 ? (this.total - done) / rate : 0;
    process.stderr.write(`${done}/${this.total} matches (${((100 * done) / this.total).toFixed(0)}%), ${Progress.shown(rate)} matches/s, ${left.toFixed(0)} s left\n`);
  }

  stop(done: number): void {
    if (this.bar) {
      this.bar.update(done, { rate: Progress.shown(this.rate(done)) });
      this.bar.stop();
    } else if (done < this.total) process.stderr.write(`stopped at ${done}/${this.total} matches\n`);
  }
}
