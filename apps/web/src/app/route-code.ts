import { isConfirmPage } from '@rostra/core/notifications/confirm-page';
import { isInShell } from '@rostra/core/shell/first-load';
import { EXCEPTION_DETAIL_PATH } from '@rostra/core/shell/routes';

/**
 * Where each screen's code is (every screen is its own chunk, issue 17): plain `import()`
 * functions, without the router, so that the boot module (boot.ts) can start fetching a path's
 * code before the app itself has arrived. screens.ts makes the router's lazy components of them.
 */
export const CODE = {
  ShellLayout: () => import('../shell/shell-layout.tsx'),
  BidBoardScreen: () => import('../features/boards/bid-board-screen.tsx'),
  BoardScreen: () => import('../features/boards/board-screen.tsx'),
  JobBoardScreen: () => import('../features/boards/job-board-screen.tsx'),
  RosteredBoardScreen: () => import('../features/boards/rostered-board-screen.tsx'),
  AnnouncementsScreen: () => import('../features/directory/announcements/announcements-screen.tsx'),
  CalendarEventsScreen: () => import('../features/directory/calendar-events/calendar-events-screen.tsx'),
  CalendarScreen: () => import('../features/directory/calendar/calendar-screen.tsx'),
  CustomersScreen: () => import('../features/directory/customers/customers-screen.tsx'),
  EventsScreen: () => import('../features/directory/events/events-screen.tsx'),
  GroupEventsScreen: () => import('../features/directory/group-events/group-events-screen.tsx'),
  ProjectTasksScreen: () => import('../features/directory/project-tasks/project-tasks-screen.tsx'),
  ResourcesScreen: () => import('../features/directory/resources/resources-screen.tsx'),
  ExceptionDetail: () => import('../features/exceptions/exception-detail.tsx'),
  HomeScreen: () => import('../features/home/home-screen.tsx'),
  BookingsEntry: () => import('../features/job-life/bookings-entry.tsx'),
  AnalyticsScreen: () => import('../features/reports/analytics-screen.tsx'),
  EquipmentsScreen: () => import('../features/operations/equipment/equipments-screen.tsx'),
  FormsScreen: () => import('../features/operations/forms/forms-screen.tsx'),
  InvoicesScreen: () => import('../features/reports/invoices-screen.tsx'),
  MapsScreen: () => import('../features/operations/maps/maps-screen.tsx'),
  PodsScreen: () => import('../features/operations/equipment/pods-screen.tsx'),
  QuotesScreen: () => import('../features/reports/quotes-screen.tsx'),
  ReportsScreen: () => import('../features/reports/reports-screen.tsx'),
  TimesheetsScreen: () => import('../features/reports/timesheets-screen.tsx'),
  UploadsScreen: () => import('../features/operations/uploads/uploads-screen.tsx'),
  VehicleRoutesScreen: () => import('../features/operations/maps/vehicle-routes-screen.tsx'),
  ResetScreen: () => import('../features/sign-in/reset-screen.tsx'),
  ConfirmScreen: () => import('../features/confirm/confirm-screen.tsx'),
  MasterRosterScreen: () => import('../features/roster/master-roster-screen.tsx'),
  SettingsScreen: () => import('../features/settings/settings-screen.tsx'),
  ShiftsScreen: () => import('../features/shifts/shifts-screen.tsx'),
  SignInScreen: () => import('../features/sign-in/sign-in-screen.tsx'),
  TermsScreen: () => import('../features/sign-in/terms-screen.tsx'),
  TimelineScreen: () => import('../features/timeline/timeline-screen.tsx'),
  SchedulerScreen: () => import('../features/week/scheduler-screen.tsx'),
  WeekScreen: () => import('../features/week/week-screen.tsx'),
  PlannerScreen: () => import('../features/planner/planner-screen.tsx'),
} as const;

/** The pages outside the shell (no menu, no top bar around them). */
const OUTSIDE_SHELL = {
  '/login': 'SignInScreen',
  '/reset': 'ResetScreen',
  '/terms': 'TermsScreen',
} as const satisfies Record<string, keyof typeof CODE>;

/** The screen each path inside the shell shows; any other shows the 'coming later' state. */
export const SCREEN_AT = {
  [EXCEPTION_DETAIL_PATH]: 'ExceptionDetail',
  '/week2timelinev2': 'TimelineScreen',
  '/week2timeline': 'TimelineScreen',
  '/week2custimeline': 'TimelineScreen',
  '/bookings': 'BookingsEntry',
  '/board': 'BoardScreen',
  '/job_board': 'JobBoardScreen',
  '/bid_board': 'BidBoardScreen',
  '/rostered_board': 'RosteredBoardScreen',
  '/masterroster': 'MasterRosterScreen',
  '/mascustomer': 'MasterRosterScreen',
  '/week2': 'WeekScreen',
  '/week2scheduler': 'SchedulerScreen',
  '/resource_shifts': 'ShiftsScreen',
  '/settings': 'SettingsScreen',
  '/': 'HomeScreen',
  '/customers': 'CustomersScreen',
  '/resources': 'ResourcesScreen',
  '/groupevents': 'GroupEventsScreen',
  '/announcements': 'AnnouncementsScreen',
  '/events': 'EventsScreen',
  '/projecttasks': 'ProjectTasksScreen',
  '/calevents': 'CalendarEventsScreen',
  '/calendar': 'CalendarScreen',
  '/vehicleroutes': 'VehicleRoutesScreen',
  '/maps': 'MapsScreen',
  '/forms': 'FormsScreen',
  '/timesheets': 'TimesheetsScreen',
  '/reports': 'ReportsScreen',
  '/equipments': 'EquipmentsScreen',
  '/pods': 'PodsScreen',
  '/quotes': 'QuotesScreen',
  '/invoices': 'InvoicesScreen',
  '/uploads': 'UploadsScreen',
  '/analytics': 'AnalyticsScreen',
  '/planner': 'PlannerScreen',
} as const satisfies Record<string, keyof typeof CODE>;

export type ShellScreen = (typeof SCREEN_AT)[keyof typeof SCREEN_AT];

/**
 * Starts fetching the code a path shows (and the shell around it) at once, rather than after
 * the app has started and the guards have asked who is signed in: on a phone's slow connection
 * each wait is a full round trip. The router later awaits the same modules (the browser loads
 * each once).
 */
export function preloadCodeFor(pathname: string): void {
  const screen = ({ ...SCREEN_AT, ...OUTSIDE_SHELL } as Readonly<Record<string, keyof typeof CODE>>)[
    pathname
  ];
  const load = (name: keyof typeof CODE) => void CODE[name]().catch(() => undefined);
  if (isConfirmPage(pathname)) load('ConfirmScreen');
  if (isInShell(pathname)) load('ShellLayout');
  if (screen) load(screen);
}
