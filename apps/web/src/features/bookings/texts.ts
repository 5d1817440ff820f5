import type { JobAction, JobTab } from '@rostra/core/shell/roles';

/** The bookings screens' own texts (the spec names the tabs and actions; the rest is ours). */
export const BOOKINGS_TEXT = {
  title: 'Bookings',
  newBooking: 'New booking',
  search: 'Search bookings',
  searchPlaceholder: 'Reference, customer, resource, address…',
  filters: 'Filters',
  clearFilters: 'Clear filters',
  status: 'Status',
  anyStatus: 'Any status',
  from: 'From',
  to: 'To',
  resource: 'Resource',
  anyResource: 'Any resource',
  customer: 'Customer',
  anyCustomer: 'Any customer',
  labels: 'Labels',
  order: 'Order',
  soonestFirst: 'Soonest first',
  latestFirst: 'Latest first',
  empty: 'No bookings match',
  emptyHint: 'Try other words or clear the filters.',
  emptyNone: 'No bookings yet',
  whichBookings: 'Which bookings',
  upcoming: 'Upcoming',
  past: 'Past',
  upcomingHint: 'From today, soonest first',
  pastHint: 'Before today, newest first',
  emptyUpcoming: 'No upcoming bookings',
  emptyUpcomingHint: 'Nothing is booked from today on.',
  emptyPast: 'No past bookings',
  seePast: 'See past bookings',
  loadFailed: 'The bookings could not be loaded',
  retry: 'Try again',
  reference: 'Reference',
  when: 'When',
  unassigned: 'Unassigned',
  noCustomer: 'No customer',
  conflict: 'Conflict',
  bookingsList: 'Bookings list',
  // Detail
  detail: 'Booking detail',
  close: 'Close',
  notFound: 'This booking does not exist or you may not see it.',
  detailFailed: 'The booking could not be loaded',
  actions: 'Actions',
  noActions: 'No actions for your role.',
  edit: 'Edit',
  option: 'Option',
  optionPlaceholder: 'e.g. running late',
  optionRequired: 'Say which option you chose',
  send: 'Send',
  actionDone: (action: string) => `Done: ${action}`,
  staleAction: 'The booking was changed by someone else. It has been reloaded: check it and try again.',
  conflicts: 'Conflicts',
  address: 'Address',
  notes: 'Notes',
  bookingNotes: 'Booking notes',
  times: 'Time',
  history: 'Status history',
  noHistory: 'No status changes yet.',
  resourcesNeeded: (n: number) => `${n} resources needed`,
  noResources: 'No resource assigned yet.',
  // Form
  createTitle: 'New booking',
  editTitle: (ref: string) => `Edit ${ref}`,
  date: 'Date',
  begin: 'Begins',
  end: 'Ends',
  save: 'Save',
  cancel: 'Cancel',
  saving: 'Saving…',
  required: 'Required',
  endAfterBegin: 'The end must be after the beginning',
  invalidDate: 'you must enter a valid date',
  invalidTime: 'you must enter a valid time',
  endsNextDay: 'Ends next day',
  chooseCustomer: 'Choose a customer',
  customerLabels: 'Customer labels',
  locationKnown: (lat: number, lng: number) =>
    `Location ${lat.toFixed(5)}, ${lng.toFixed(5)} (for distance checks and directions)`,
  locationUnknown: 'No location: distance checks and directions need the customer’s address',
  saved: 'Booking saved',
  savedWithConflicts: 'Saved, with conflicts: see below',
  staleEdit:
    'This booking was changed by someone else since you opened it. Reload to see their change; your edits are kept here until you do.',
  reload: 'Reload',
  resourcesHint: 'Hold Ctrl (⌘ on a Mac) to choose several',
  // Inventory
  inventory: 'Moving inventory',
  addInventory: 'Add moving inventory',
  fillForm: 'Fill a form for this job',
  room: 'Room',
  quantityOf: (name: string) => `Quantity of ${name}`,
  totalVolume: 'Total volume',
  totalPrice: 'Price',
  pieces: 'Pieces',
  saveInventory: 'Save inventory',
  inventorySaved: 'Inventory saved',
  noInventory: 'No items yet.',
  // Exception detail
  exceptionsCaption: 'Bookings that have not reached the expected status in time, most advanced first',
  overdue: 'Overdue',
  amber: 'Amber',
  red: 'Red',
  minutesOverdue: (m: number) =>
    m < 60
      ? `${m} min`
      : m < 24 * 60
        ? `${Math.floor(m / 60)} h ${m % 60} min`
        : `${Math.floor(m / 1440)} d ${Math.floor((m % 1440) / 60)} h`,
  openBooking: (id: string) => `Open booking ${id}`,
} as const;

export const TAB_LABELS: Record<JobTab, string> = {
  resource: 'Resource',
  review: 'Review',
  chats: 'Chats',
  details: 'Details',
  quotes_and_invoices: 'Quotes And Invoices',
  notes: 'Notes',
};

export const ACTION_LABELS: Record<JobAction, string> = {
  options: 'Options',
  park: 'Park',
  cancel: 'Cancel',
  allocate: 'Allocate',
  dispatch: 'Dispatch',
  start: 'Start',
  finish: 'Finish',
  review: 'Review',
};

/** State records that are not actions: made, edited, allocated from the timeline. */
export const HISTORY_LABELS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Edited',
  allocation: 'Allocated',
};

export const CHAT_BUTTON_LABELS = {
  employee: 'Employee',
  call_customer: 'Call customer',
  call_service_provider: 'Call service provider',
  tasks: 'Tasks',
} as const;
