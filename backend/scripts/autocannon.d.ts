/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram;
      errors: number;
      non2xx: number;
    }
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /**
       * Called with every answer to this request (the benchmarks check what came back), with the
       * connection's context (fresh each time the connection starts the request list again).
       * Method syntax on purpose: a benchmark's callbacks may name their context's own shape.
       */
      onResponse?(status: number, body: string, context: unknown): void;
      /** Builds this request just before it is sent; the context is the connection's. */
      setupRequest?(request: Request, context: unknown): Request;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      /** Each connection cycles through these in order. */
      requests?: Request[];
    }
    /** The running benchmark: an event emitter that is also a promise of the result. */
    interface Instance extends PromiseLike<Result> {
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
    }
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
