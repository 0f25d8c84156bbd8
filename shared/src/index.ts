/**
 * The public face of @shop/shared, loaded once per page as a Module Federation singleton.
 * Anything not exported here is private to the package.
 */

export type * from '@shop/contract';
export { type BusContractCheck, busContractMajor, checkBusContract } from '@shop/contract/bus';
export { hashtagUrl, messagingAppUrl } from '@shop/contract/messaging';
export {
  convertFromUsd,
  decimalPlacesOf,
  discountPercent,
  formatMoney,
  formatPrice,
  MAX_DECIMAL_PLACES,
  ROUND_UP_TO_WHOLE_CURRENCIES,
  roundTo,
} from '@shop/contract/money';
export {
  MEMBER_SLIP_STEP,
  type TransferOrder,
  type TransferSteps,
  transferInstructions,
} from '@shop/contract/payment';
export {
  API_BASE_URL,
  type ApiAnswer,
  type ApiBody,
  type ApiClient,
  type ApiClientOptions,
  type ApiEndpoint,
  type ApiPath,
  type ApiResult,
  api,
  createApiClient,
  type FetchImpl,
  type FetchResponse,
  fillPath,
  type Query,
  type QueryValue,
  type RequestBody,
  type RequestOptions as ApiRequestOptions,
  withQuery,
} from './api/client';
export {
  type Bus,
  BusCommandError,
  type BusCommandFailure,
  type BusOptions,
  bus,
  type CommandContext,
  type CommandEnvelope,
  type CommandHandler,
  createBus,
  createCorrelationId,
  DEFAULT_COMMAND_TIMEOUT_MS,
  type RequestArgs,
  type RequestOptions,
} from './bus/bus';
export {
  BUS_CONTRACT_VERSION,
  type BusCommands,
  type BusStates,
  type CartSummary,
  type CommandName,
  type CommandPayload,
  type CommandResult,
  initialBusStates,
  type NoResult,
  type SessionEndReason,
  type SessionStart,
  type SessionState,
  type StateName,
  type ToastRequest,
  type WishlistState,
} from './bus/contract';
export { useBusState } from './bus/react';
export { allAnswers } from './data/allAnswers';
export {
  createDataCache,
  type DataCache,
  dataCache,
  dataKey,
  type EntryState,
  invalidate,
  KEEP_UNUSED_DATA_MS,
  type Loader,
  type ReadOptions,
} from './data/dataCache';
export { keyOfAddress, seedInlinedAnswers } from './data/inlinedAnswers';
export { useCountries } from './data/referenceLists';
export {
  createFailedLoads,
  FAILED_LOAD_COOLDOWN_MS,
  type FailedAnswer,
  type FailedLoads,
  failedLoads,
  isTransientFailure,
  loadRemembered,
  loadWithRetry,
  mayAsk,
  RETRY_DELAYS_MS,
  type RetryOptions,
} from './data/retryPolicy';
export { type ApiReadInputs, useApiRead } from './data/useApiRead';
export { type Loaded, shownData, useLoaded } from './data/useLoaded';
export { type ExposedComponent, exposeWithin } from './federation/exposeWithin';
export { mountStandalone } from './federation/mountStandalone';
export {
  type RemoteModuleId,
  RemoteRefusedError,
  RemoteSlot,
  type RemoteSlotProps,
  RemoteUnavailableError,
} from './federation/RemoteSlot';
export { type RemoteRegistry, seedRemoteVersions } from './federation/remoteVersions';
export { PayeeFacts, type PayeeFactsProps } from './payment/PayeeFacts';
export {
  DEFAULT_CURRENCY_CODE,
  initSessionFromStorage,
  loadCurrencyCode,
  loadGuestSessionToken,
  loadSession,
  loadUser,
  loadWishlistUser,
  STORAGE_KEYS,
  saveCurrencyCode,
  saveGuestSessionToken,
  saveUser,
  saveWishlistUser,
  setGuestSessionToken,
  type WishlistUser,
} from './session/storage';
export { loadStartupContent } from './startup/loadStartupContent';
export { ErrorPanel, type ErrorPanelProps } from './ui/ErrorPanel';
export { FOCUSABLE, keepTabInside, useBodyScrollLock, useDismiss, useInertOutside } from './ui/overlay';
export { Skeleton, type SkeletonProps, type SkeletonShape } from './ui/Skeleton';
export { documentTitleOf, SHOP_NAME, useDocumentTitle } from './ui/useDocumentTitle';
export { useTimeouts } from './ui/useTimeouts';
