/**
 * The shell's business constants and limits (spec "shell and access" §9, with the few §3/§4/§7
 * numbers the shell needs). Every name carries its unit: `_MS` milliseconds, `_SECONDS` seconds,
 * `_PX` CSS pixels, `_BYTES` bytes, `_MINUTES` minutes, `_METRES` metres.
 */

// --- Logo (§5, §9) -------------------------------------------------------------------------------

/** A logo must be strictly smaller than this. */
export const LOGO_MAX_BYTES = 500_000;
/** Width divided by height must be at least this (square and vertical images are refused). */
export const LOGO_MIN_ASPECT_RATIO = 1.7;

// --- Toasts (§8, §9) -----------------------------------------------------------------------------

/** Ordinary toasts last between these two. */
export const TOAST_MIN_MS = 1_500;
export const TOAST_MAX_MS = 4_500;
/** Sign-in error toasts. */
export const SIGN_IN_ERROR_TOAST_MS = 6_000;
/** Success messages. */
export const SUCCESS_TOAST_MS = 1_000;
/** 'Something went wrong! Please try again.' after an upload, callable, logo or photo failure. */
export const FAILURE_TOAST_MS = 2_500;
/** A logo call that fails with a server message shows that message this long. */
export const LOGO_SERVER_MESSAGE_TOAST_MS = 3_000;
/** Company switch failure. */
export const COMPANY_SWITCH_FAILURE_TOAST_MS = 1_500;
/** 'Sorry your link got expired', then the user is sent home. */
export const EXPIRED_LINK_TOAST_MS = 1_500;
/** 'No barcode detected in the image' dismisses itself after this. */
export const BARCODE_NOT_FOUND_TOAST_MS = 2_000;

// --- Layout (§2, §9) -----------------------------------------------------------------------------

/** Below this viewport width the sidebar slides in instead of collapsing to icons. */
export const SIDEBAR_NARROW_THRESHOLD_PX = 770;
/** Styling breakpoints (the same numbers as Tailwind's sm/md/lg/xl). */
export const BREAKPOINTS_PX = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
/** z-index of the sign-in widget's modal. */
export const SIGN_IN_MODAL_Z_INDEX = 2_147_483_647;

// --- Organisation defaults (§3, §9) --------------------------------------------------------------

/** `default_country` when the company has none: name is the ISO code, code the dialling code. */
export const DEFAULT_COUNTRY = { name: 'AU', code: '+61' } as const;
/**
 * Countries offered for phone sign-in: dialling codes the SMS transport is set up for (`code` is
 * the ISO code, as `DEFAULT_COUNTRY.name` is).
 */
export const PHONE_COUNTRIES = [
  { code: 'AU', name: 'Australia', dial: '+61' },
  { code: 'NZ', name: 'New Zealand', dial: '+64' },
  { code: 'GB', name: 'United Kingdom', dial: '+44' },
  { code: 'IE', name: 'Ireland', dial: '+353' },
  { code: 'US', name: 'United States', dial: '+1' },
  { code: 'CA', name: 'Canada', dial: '+1' },
  { code: 'SG', name: 'Singapore', dial: '+65' },
  { code: 'IN', name: 'India', dial: '+91' },
] as const;
/** `date_format` when the company has none. */
export const DEFAULT_DATE_FORMAT = 'dd/mmm/yyyy';
export const DEFAULT_DATETIME_FORMAT = 'dd/mmm/yyyy hh:MM:ss AA';
/** The same date as the date picker spells it. */
export const DATE_PICKER_FORMAT = 'd/M/Y';
/** Week starts on Sunday (0 = Sunday … 6 = Saturday) unless configured otherwise. */
export const DEFAULT_WEEK_START_DAY = 0;
/** `event_label_types` when the company has none. */
export const DEFAULT_EVENT_LABEL_TYPES: readonly string[] = ['all'];
/** `overlap_buffer_minutes` when missing or not numeric. */
export const DEFAULT_OVERLAP_BUFFER_MINUTES = 5;
/** Maximum distance for allocation when the company sets none, in km (`max_distance` itself is metres). */
export const DEFAULT_MAX_DISTANCE_KM = 20;
/** Snap-to-grid step of the timeline (the spec gives the bare number 15; minutes, as the grid is). */
export const DEFAULT_SNAP_TO_GRID = 15;
/** Timeline workspace time (the spec gives the bare number 300 without a unit). */
export const DEFAULT_TIMELINE_WORKSPACE_TIME = 300;
/** Namespace of a secure-storage record when none is given. */
export const DEFAULT_SECURE_STORAGE_NAMESPACE = 'default';

// --- Versions (§9) -------------------------------------------------------------------------------

/** Terms version; acceptance is recorded under its whole-number part ('3'). */
export const DEFAULT_TERMS_VERSION = '3.0';
/** App version shown when no version record has been read. */
export const DEFAULT_APP_VERSION = '3.5.0';

// --- Timers (§4, §9) -----------------------------------------------------------------------------

/** The exception banner hides itself after this. */
export const EXCEPTION_BANNER_MS = 120_000;
/** Standard display settings and configuration are applied if either is still empty after this. */
export const DEFAULTS_AFTER_MS = 500;
/** After going offline (app once loaded) the offline app is shown after this. */
export const OFFLINE_VIEW_AFTER_MS = 30_000;
/** Notification timer tick. */
export const NOTIFICATION_TICK_MS = 5_000;
/** Delay before notifications are subscribed: short for dispatchers, long for everyone else. */
export const NOTIFICATION_SETUP_DELAY_MS = { dispatcher: 100, other: 120_000 } as const;
/** A home-feed notification counts as new for this long after its creation. */
export const HOME_FEED_NEW_WINDOW_SECONDS = 300;

// --- Sign-in (§4, §5, §9) ------------------------------------------------------------------------

export const PHONE_CODE_LENGTH = 6;
/** 'Resend' appears after this countdown. */
export const PHONE_CODE_RESEND_SECONDS = 15;
/** The busy indicator shows only when an operation takes longer than this. */
export const BUSY_INDICATOR_AFTER_MS = 500;
export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_LINK_STATE_LENGTH = 32;
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;
export const SIGN_IN_WIDGET_SCRIPT_TIMEOUT_MS = 5_000;
export const SIGN_IN_ONE_TAP_SCRIPT_TIMEOUT_MS = 10_000;
export const SIGN_IN_COOKIE_LIFETIME_SECONDS = 3_600;

// --- Tokens and links (§5, §7, §9) ---------------------------------------------------------------

/** `expires_in` of an access token when the answer has none. */
export const ACCESS_TOKEN_DEFAULT_LIFETIME_SECONDS = 3_600;
/** A cached access token is treated as expired this long before its real expiry. */
export const ACCESS_TOKEN_EXPIRY_MARGIN_SECONDS = 5;
/** A short link is valid while less than this has passed since its `utc_qa`. */
export const SHORT_LINK_LIFETIME_SECONDS = 3_599;

// --- HTTP (§7) -----------------------------------------------------------------------------------

/** Statuses that are retried (network errors are retried too). */
export const HTTP_RETRY_STATUSES: readonly number[] = [408, 429, 500, 502, 503, 504];
/** Retries after the first attempt. */
export const HTTP_RETRY_COUNT = 2;
export const HTTP_RETRY_DELAY_MS = 2_000;
