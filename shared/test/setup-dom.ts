import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { failedLoads } from '../src/api/retryPolicy';

// jsdom lacks these; React Router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Failed reads stand for a cooldown (api/retryPolicy.ts): each test starts with none.
afterEach(() => failedLoads.clear());
