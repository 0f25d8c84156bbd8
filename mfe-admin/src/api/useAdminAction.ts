import type { ApiResult } from '@shop/shared';
import { type Refusal, refusalOf } from '@shop/shared/form';
import { useCallback, useRef, useState } from 'react';

export interface AdminActionState {
  busy: boolean;
  /** The API's refusal of the last try (its own words), or the generic text when it gave none. */
  refusal: Refusal | null;
  /** The refusal's code (PAYMENT_NOT_RECEIVED…), for the forms that offer a way on. */
  code: string | null;
}

const IDLE: AdminActionState = { busy: false, refusal: null, code: null };

/**
 * One admin change at a time from a control: busy while it runs (the control is disabled, so a
 * double click sends it once), then the API's refusal to show, or `done` with the answer.
 */
export function useAdminAction(): [
  AdminActionState,
  <T>(call: () => Promise<ApiResult<T>>, done?: (data: T) => void) => Promise<boolean>,
  () => void,
] {
  const [state, setState] = useState<AdminActionState>(IDLE);
  const running = useRef(false);
  const run = useCallback(async <T>(call: () => Promise<ApiResult<T>>, done?: (data: T) => void) => {
    if (running.current) return false;
    running.current = true;
    setState({ busy: true, refusal: null, code: null });
    const answer = await call();
    running.current = false;
    if (answer.status) {
      setState(IDLE);
      done?.(answer.data);
      return true;
    }
    setState({ busy: false, refusal: refusalOf(answer), code: answer.error?.code ?? null });
    return false;
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return [state, run, reset];
}
