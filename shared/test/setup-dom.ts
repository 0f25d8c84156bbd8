import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { dataCache } from '../src/data/dataCache';
import { resetLoadMemory } from '../src/data/retryPolicy';

// jsdom lacks these; React Router needs them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Answers are cached, failed reads stand for a cooldown and reads under way are joined
// (src/data): each test starts with none.
afterEach(() => {
  resetLoadMemory();
  dataCache.clear();
});
