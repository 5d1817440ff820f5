/**
 * Defaults of the per-organisation settings store (shell spec §3, §9). The store keeps only what an
 * organisation changed; readers merge it over these.
 */

/** Display and feature flags (`ds`). */
export const DISPLAY_DEFAULTS = {
  fortnight_calendar: true,
  show_inactive_res_timeline: true,
  show_alternative_resource_on_drag: true,
  timelinev2_menu: true,
  offline_app: false,
  task_quote: true,
  planner_plan: true,
  planner_recurrence: true,
  /** The top-bar search box; off hides it. */
  scheduler_search: true,
  /** Turns the dispatcher's exception-report watcher off. */
  hide_prod: false,
  validate_24_hour_date: false,
  force_resource_booking: false,
  force_resource_groupevent: false,
  force_resource_calevent: false,
  resource_validation: false,
  min_injob_mileage: false,
  mandatory_form_on_state_change: false,
  confirm_time_change_on_drag: false,
  customer_phone_optional: false,
  resource_cancel_request: false,
  customer_cancel_request: false,
  hide_audit_card_resource: false,
  hide_timeentry_card_resource: false,
  hide_mileage_card_resource: false,
  disable_edit_resource: false,
  disable_edit_customer: false,
  /** A booking may be saved without a customer (issue 16 point 7; our decision, not the spec's). */
  allow_booking_without_customer: false,
  /**
   * The menu in the spec's older fixed layout, by role (shell §2), instead of the menu flags (our
   * setting: the spec describes the layout but names no flag for it).
   */
  legacy_menu_layout: false,
} as const satisfies Record<string, boolean>;

export type DisplayFlags = { [K in keyof typeof DISPLAY_DEFAULTS]: boolean };

export type StatusDefinition = { _key: string; _value: string; color: string; textColor: string };

/** Job status configuration (`statusConfig`): labels and colours per status. */
export const STATUS_CONFIG_DEFAULTS: readonly StatusDefinition[] = [
  { _key: 'draft', _value: 'Draft', color: '#e5e7eb', textColor: '#374151' },
  { _key: 'rostered', _value: 'Rostered', color: '#dbeafe', textColor: '#1e3a8a' },
  { _key: 'confirmed', _value: 'Confirmed', color: '#bfdbfe', textColor: '#1e3a8a' },
  { _key: 'dispatched', _value: 'Dispatched', color: '#c7d2fe', textColor: '#312e81' },
  { _key: 'active', _value: 'Active', color: '#bbf7d0', textColor: '#14532d' },
  { _key: 'parked', _value: 'Parked', color: '#fde68a', textColor: '#78350f' },
  { _key: 'finished', _value: 'Finished', color: '#d1fae5', textColor: '#065f46' },
  { _key: 'reviewed', _value: 'Reviewed', color: '#a7f3d0', textColor: '#064e3b' },
  { _key: 'feedback', _value: 'Feedback', color: '#e9d5ff', textColor: '#581c87' },
  { _key: 'cancelled', _value: 'Cancelled', color: '#f3f4f6', textColor: '#6b7280' },
];

/** The settings documents an organisation has, by key. */
export const SETTINGS_KEYS = ['display', 'menu', 'captions', 'job_status_config', 'allocation'] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];
