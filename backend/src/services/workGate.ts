/**
 * A gate for work that may cost far more than an ordinary request (a listing filtered by many
 * attributes): at most `limit` run at once in this process, the rest wait their turn, and one that
 * waited `maxWaitMs` answers 503 instead of queueing for ever. On a 2-core machine one such
 * listing at a time keeps a core and most of the pool for everybody else, so a burst of them
 * slows only itself.
 */
import { AppError } from '../errors';

export const serverBusy = (retryAfterS: number) =>
  new AppError(
    503,
    'SERVER_BUSY',
    'The shop is very busy right now. Please try again in a moment.',
    undefined,
    {
      'retry-after': String(retryAfterS),
    },
  );

export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await this.turn();
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line (running stays the same), or is freed.
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Resolves when a finishing run hands this one its slot; rejects with 503 after maxWaitMs. */
  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(wake);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(serverBusy(Math.max(1, Math.ceil(this.maxWaitMs / 1000))));
      }, this.maxWaitMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(wake);
    });
  }
}

/** No gate: everything runs at once (tests, tools). */
export const UNGATED = new WorkGate(Number.POSITIVE_INFINITY, 0);
