export { abortableSleep } from "./abortable-sleep.js";
export { isRetryable } from "./is-retryable.js";
export { retryDelay } from "./retry-delay.js";
export { DEFAULT_RETRY_SETTINGS, type RetrySettings, type TimeoutSettings } from "./types.js";
