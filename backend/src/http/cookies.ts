/**
 * The few cookies the server itself sets on pages (the canary cohort, developer overrides): read
 * from the Cookie header and written HttpOnly, SameSite=Lax, Path=/, Secure on HTTPS. No plugin:
 * nothing else in the API uses cookies (its callers send bearer tokens).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = /^[A-Za-z0-9_-]+$/;
const VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

export function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const raw = part.slice(at + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
  }
  return null;
}

function append(reply: FastifyReply, cookie: string): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...list, cookie]);
}

export function setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number): void {
  const encoded = encodeURIComponent(value);
  if (!NAME.test(name) || !VALUE.test(encoded)) throw new Error(`Cookie ${name} cannot hold that value`);
  const secure = reply.request.protocol === 'https' ? '; Secure' : '';
  append(reply, `${name}=${encoded}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`);
}

export function clearCookie(reply: FastifyReply, name: string): void {
  append(reply, `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
}
