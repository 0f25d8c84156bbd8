/**
 * The event bus every app shares in the browser: replayed states and request/response commands,
 * typed by `contract.ts`. Commands travel as envelopes with a correlation id over one Subject and
 * come back over another, so a command nobody answers fails visibly after a timeout instead of
 * hanging the page.
 */
import { MESSAGES } from '@shop/contract/validation/messages';
import { BehaviorSubject, distinctUntilChanged, filter, map, type Observable, Subject, take } from 'rxjs';
import {
  type BusCommands,
  type BusStates,
  type CommandName,
  type CommandPayload,
  type CommandResult,
  initialBusStates,
  type StateName,
} from './contract';

export const DEFAULT_COMMAND_TIMEOUT_MS = 5000;

export type BusCommandFailure = 'timeout' | 'handler-error' | 'destroyed';

export class BusCommandError extends Error {
  override readonly name = 'BusCommandError';

  constructor(
    readonly reason: BusCommandFailure,
    readonly command: CommandName,
    readonly correlationId: string | null,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES.actionFailed, options);
  }
}

export interface CommandContext {
  correlationId: string;
}

export type CommandHandler<C extends CommandName> = (
  payload: CommandPayload<C>,
  context: CommandContext,
) => Promise<CommandResult<C>> | CommandResult<C>;

export interface RequestOptions {
  timeoutMs?: number;
}

/** `(payload, options?)`; commands without a payload (`ui.openSignIn`) may leave it out. */
export type RequestArgs<C extends CommandName> = [CommandPayload<C>] extends [undefined]
  ? [payload?: CommandPayload<C>, options?: RequestOptions]
  : [payload: CommandPayload<C>, options?: RequestOptions];

export interface CommandEnvelope<C extends CommandName = CommandName> {
  id: string;
  command: C;
  payload: CommandPayload<C>;
}

type AnyCommandEnvelope = { [C in CommandName]: CommandEnvelope<C> }[CommandName];

type ReplyEnvelope =
  | { id: string; ok: true; result: CommandResult<CommandName> }
  | { id: string; ok: false; error: unknown };

export interface Bus {
  /** The current value of a state. */
  get<S extends StateName>(name: S): BusStates[S];
  /** Only the owner of a state publishes it (see contract.ts). */
  publish<S extends StateName>(name: S, value: BusStates[S]): void;
  /** The current value at once, then every change (by reference). */
  select<S extends StateName>(name: S): Observable<BusStates[S]>;
  /**
   * One part of a state: its current value at once, then each change of that part (compared with
   * ===). Remotes use this instead of rxjs operators of their own: rxjs is private to @shop/shared.
   */
  select<S extends StateName, T>(name: S, pick: (state: BusStates[S]) => T): Observable<T>;
  /** One handler per command; a second registration replaces the first. Returns the unregister. */
  handle<C extends CommandName>(command: C, handler: CommandHandler<C>): () => void;
  /**
   * Resolves with the handler's result. Rejects with a BusCommandError (message
   * MESSAGES.actionFailed) when the handler fails, or when nobody answers within the timeout.
   * A request made before its handler registers waits for it until the timeout, so a command
   * sent while the owning remote is still loading is not lost.
   */
  request<C extends CommandName>(command: C, ...args: RequestArgs<C>): Promise<CommandResult<C>>;
  /** Completes every subject and rejects pending and later requests. */
  destroy(): void;
}

export interface BusOptions {
  defaultTimeoutMs?: number;
  initialStates?: Partial<BusStates>;
  logger?: Pick<Console, 'warn' | 'error'>;
}

type StateSubjects = { [S in StateName]: BehaviorSubject<BusStates[S]> };

let fallbackCounter = 0;

export function createCorrelationId(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  // randomUUID needs a secure context (https or localhost); ids only have to be unique per page.
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${(fallbackCounter++).toString(36)}`;
}

export function createBus(options: BusOptions = {}): Bus {
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const logger = options.logger ?? console;
  const start: BusStates = { ...initialBusStates, ...options.initialStates };
  const states: StateSubjects = {
    session: new BehaviorSubject(start.session),
    cart: new BehaviorSubject(start.cart),
    wishlist: new BehaviorSubject(start.wishlist),
    currency: new BehaviorSubject(start.currency),
    startup: new BehaviorSubject(start.startup),
  };
  const requests$ = new Subject<AnyCommandEnvelope>();
  const replies$ = new Subject<ReplyEnvelope>();
  /** Written only by handle(), always under the handler's own command. */
  const handlers = new Map<CommandName, unknown>();
  /** Requests sent before their handler registered, by correlation id. */
  const waiting = new Map<string, AnyCommandEnvelope>();
  let destroyed = false;

  function handlerOf<C extends CommandName>(command: C): CommandHandler<C> | undefined {
    return handlers.get(command) as CommandHandler<C> | undefined;
  }

  function answer<C extends CommandName>(handler: CommandHandler<C>, envelope: CommandEnvelope<C>): void {
    // Through a promise so a handler that throws synchronously is answered like one that rejects.
    Promise.resolve()
      .then(() => handler(envelope.payload, { correlationId: envelope.id }))
      .then(
        (result) => replies$.next({ id: envelope.id, ok: true, result }),
        (error: unknown) => {
          logger.error(`[bus] handler of "${envelope.command}" failed`, error);
          replies$.next({ id: envelope.id, ok: false, error });
        },
      );
  }

  function deliver<C extends CommandName>(envelope: CommandEnvelope<C>): boolean {
    const handler = handlerOf(envelope.command);
    if (!handler) return false;
    answer(handler, envelope);
    return true;
  }

  requests$.subscribe((envelope) => {
    if (!deliver(envelope)) waiting.set(envelope.id, envelope);
  });

  return {
    get(name) {
      return states[name].getValue();
    },

    publish(name, value) {
      if (destroyed) {
        logger.warn(`[bus] publish of "${name}" after destroy is ignored`);
        return;
      }
      states[name].next(value);
    },

    select<S extends StateName, T>(name: S, pick?: (state: BusStates[S]) => T) {
      const state$ = states[name].asObservable();
      return pick ? state$.pipe(map(pick), distinctUntilChanged()) : state$.pipe(distinctUntilChanged());
    },

    handle(command, handler) {
      if (destroyed) {
        logger.warn(`[bus] handler of "${command}" registered after destroy is ignored`);
        return () => {};
      }
      if (handlers.has(command)) {
        logger.warn(`[bus] a second handler of "${command}" replaces the first`);
      }
      handlers.set(command, handler);
      for (const [id, envelope] of waiting) {
        if (envelope.command === command && deliver(envelope)) waiting.delete(id);
      }
      return () => {
        // Only if still ours: a replacement registered later must survive our unmount.
        if (handlers.get(command) === handler) handlers.delete(command);
      };
    },

    request(command, ...args) {
      const [payload, requestOptions = {}] = args;
      if (destroyed) return Promise.reject(new BusCommandError('destroyed', command, null));
      const id = createCorrelationId();
      const timeoutMs = requestOptions.timeoutMs ?? defaultTimeoutMs;

      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          subscription.unsubscribe();
          waiting.delete(id);
          reject(new BusCommandError('timeout', command, id));
        }, timeoutMs);
        const subscription = replies$
          .pipe(
            filter((reply) => reply.id === id),
            take(1),
          )
          .subscribe({
            next: (reply) => {
              if (reply.ok) {
                // The reply carries the result of the handler registered for this very command.
                resolve(reply.result as CommandResult<typeof command>);
              } else {
                reject(new BusCommandError('handler-error', command, id, { cause: reply.error }));
              }
            },
            // Runs after the reply, or when the bus is destroyed first (then reject wins).
            complete: () => {
              clearTimeout(timer);
              waiting.delete(id);
              reject(new BusCommandError('destroyed', command, id));
            },
          });
        const envelope: CommandEnvelope<typeof command> = { id, command, payload };
        requests$.next(envelope as AnyCommandEnvelope);
      });
    },

    destroy() {
      if (destroyed) return;
      destroyed = true;
      requests$.complete();
      replies$.complete();
      for (const subject of Object.values(states)) subject.complete();
      handlers.clear();
      waiting.clear();
    },
  };
}

// The singleton lives on globalThis: if two copies of @shop/shared are ever evaluated (a remote
// built without the shared singleton, a hot reload), they still share one bus and one state.
const BUS_KEY: unique symbol = Symbol.for('@shop/shared/bus');
type BusHolder = { [BUS_KEY]?: Bus };

function sharedBus(): Bus {
  const holder = globalThis as BusHolder;
  const existing = holder[BUS_KEY];
  if (existing) return existing;
  const created = createBus();
  holder[BUS_KEY] = created;
  return created;
}

export const bus: Bus = sharedBus();

export type { BusCommands, BusStates };
