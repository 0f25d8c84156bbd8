/**
 * The few stream shapes the bus needs (a replayed state, a stream of events), in place of rxjs:
 * the bus used its BehaviorSubject, Subject, map, distinctUntilChanged, filter and take, and
 * rxjs cost the first page 10.8 KB of script (3.5 KB gzip) for that. Same behaviour where the
 * bus relies on it: a state replays its current value to each new subscriber, values reach the
 * subscribers of the moment in the order they subscribed, a subscriber that unsubscribes during a
 * delivery gets nothing more, completion reaches every subscriber once (and at once a later
 * one), and an observer that throws is reported asynchronously without stopping the others.
 */

export interface Subscription {
  unsubscribe(): void;
  readonly closed: boolean;
}

export interface Observer<T> {
  next(value: T): void;
  complete(): void;
}

/** What `bus.select` answers: subscribe with a function of the value, or with next / complete. */
export interface BusObservable<T> {
  subscribe(observer?: ((value: T) => void) | Partial<Observer<T>>): Subscription;
}

/** An observer's exception is thrown outside the delivery, as rxjs reports one nobody handles. */
function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}

class Sink<T> implements Subscription {
  closed = false;
  private readonly observer: Partial<Observer<T>>;

  constructor(
    observer: ((value: T) => void) | Partial<Observer<T>> | undefined,
    private readonly onUnsubscribe: (sink: Sink<T>) => void,
  ) {
    this.observer = typeof observer === 'function' ? { next: observer } : (observer ?? {});
  }

  next(value: T): void {
    if (this.closed) return;
    try {
      this.observer.next?.(value);
    } catch (error) {
      reportLater(error);
    }
  }

  complete(): void {
    if (this.closed) return;
    this.closed = true;
    this.onUnsubscribe(this);
    try {
      this.observer.complete?.();
    } catch (error) {
      reportLater(error);
    }
  }

  unsubscribe(): void {
    if (this.closed) return;
    this.closed = true;
    this.onUnsubscribe(this);
  }
}

/** Events to whoever subscribes at the time (rxjs Subject). */
export class EventStream<T> implements BusObservable<T> {
  private sinks: Sink<T>[] = [];
  private stopped = false;

  next(value: T): void {
    if (this.stopped) return;
    // The subscribers of the moment: one added during the delivery waits for the next value.
    for (const sink of this.sinks.slice()) sink.next(value);
  }

  complete(): void {
    if (this.stopped) return;
    this.stopped = true;
    const sinks = this.sinks;
    this.sinks = [];
    for (const sink of sinks) sink.complete();
  }

  subscribe(observer?: ((value: T) => void) | Partial<Observer<T>>): Subscription {
    return this.add(observer);
  }

  /** A new subscriber (completed at once when the stream is). */
  protected add(observer?: ((value: T) => void) | Partial<Observer<T>>): Sink<T> {
    const sink = new Sink(observer, (gone) => {
      this.sinks = this.sinks.filter((kept) => kept !== gone);
    });
    if (this.stopped) sink.complete();
    else this.sinks.push(sink);
    return sink;
  }
}

/** A state: its current value at once to each new subscriber, then every change (rxjs BehaviorSubject). */
export class StateStream<T> extends EventStream<T> {
  private ended = false;

  constructor(private value: T) {
    super();
  }

  getValue(): T {
    return this.value;
  }

  override next(value: T): void {
    if (this.ended) return;
    this.value = value;
    super.next(value);
  }

  override complete(): void {
    this.ended = true;
    super.complete();
  }

  override subscribe(observer?: ((value: T) => void) | Partial<Observer<T>>): Subscription {
    const sink = this.add(observer);
    // Nothing when completed already (a closed sink drops it).
    sink.next(this.value);
    return sink;
  }

  /**
   * `pick` of the state, at once and then on each change of it (===), per subscriber
   * (rxjs map(pick) then distinctUntilChanged()).
   */
  select<P>(pick: (state: T) => P): BusObservable<P> {
    return {
      subscribe: (observer) => {
        let seen = false;
        let last: P | undefined;
        let inner: Subscription | undefined;
        const sink = new Sink<P>(observer, () => inner?.unsubscribe());
        inner = this.subscribe({
          next: (state) => {
            const picked = pick(state);
            if (seen && picked === last) return;
            seen = true;
            last = picked;
            sink.next(picked);
          },
          complete: () => sink.complete(),
        });
        return sink;
      },
    };
  }
}
