/** A TCP port free on 127.0.0.1 this instant (freePort.cjs). */
export function freePort(): Promise<number>;
