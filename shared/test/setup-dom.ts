import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { resetLoadMemory } from '../src/api/retryPolicy';

// jsdom lacks these; React Router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Failed reads stand for a cooldown and reads under way are joined (api/retryPolicy.ts): each
// test starts with none.
afterEach(resetLoadMemory);
