import type { AdminHomeContent } from '@shop/contract/schemas/homeContent';
import type { ApiClient, ApiResult } from '@shop/shared';
import type { Refusal } from '@shop/shared/form';
import { useCallback, useState } from 'react';
import { adminApi, refreshAdminReads } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';

/** One change of the home page's content: every one answers the whole content again. */
export interface HomeChange {
  busy: boolean;
  refusal: Refusal | null;
  /** The last change's note ("Saved Spring gifts."), read out. */
  done: string | null;
  run: (note: string, call: (api: ApiClient) => Promise<ApiResult<AdminHomeContent>>) => Promise<boolean>;
}

/** One panel's changes (its own busy state, refusal and note); the answered content goes to `onContent`. */
export function useHomeChange(onContent: (content: AdminHomeContent) => void): HomeChange {
  const [action, run] = useAdminAction();
  const [done, setDone] = useState<string | null>(null);
  const change = useCallback(
    (note: string, call: (api: ApiClient) => Promise<ApiResult<AdminHomeContent>>) => {
      setDone(null);
      return run(
        () => call(adminApi),
        (answer) => {
          onContent(answer);
          setDone(note);
          refreshAdminReads('admin/home');
        },
      );
    },
    [run, onContent],
  );
  return { busy: action.busy, refusal: action.refusal, done, run: change };
}
