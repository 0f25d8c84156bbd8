import type { ApiResult } from '../api/client';
import { allAnswers } from './allAnswers';

const ok = <T>(data: T): Promise<ApiResult<T>> => Promise.resolve({ status: true, data });
const failure = (httpStatus: number): Promise<ApiResult<never>> =>
  Promise.resolve({ status: false, error: null, httpStatus });

describe('allAnswers', () => {
  it('answers every call under its name when all succeed', async () => {
    await expect(allAnswers({ profile: ok({ name: 'Ann' }), countries: ok(['NO']) })).resolves.toEqual({
      status: true,
      data: { profile: { name: 'Ann' }, countries: ['NO'] },
    });
  });

  it('answers the first failure when any call fails', async () => {
    await expect(
      allAnswers({ profile: ok('Ann'), stats: failure(503), lists: failure(404) }),
    ).resolves.toEqual({
      status: false,
      error: null,
      httpStatus: 503,
    });
  });
});
