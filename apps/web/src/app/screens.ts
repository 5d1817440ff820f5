import { lazyRouteComponent } from '@tanstack/react-router';

/*
 * Every screen is its own chunk, fetched when its route is first entered: sign-in and a worker's
 * day do not load the timeline, the boards or the charts (issue 17, docs/performance.md). Shared
 * code (React, the router, the query cache, the HTTP client) stays in the entry chunk; the shell
 * (menu, top bar, panels) comes with the first screen inside it, so the sign-in page goes without.
 */
export const ShellLayout = lazyRouteComponent(() => import('../shell/shell-layout.tsx'), 'ShellLayout');
export const BidBoardScreen = lazyRouteComponent(
  () => import('../screens/boards/bid-board-screen.tsx'),
  'BidBoardScreen',
);
export const BoardScreen = lazyRouteComponent(
  () => import('../screens/boards/board-screen.tsx'),
  'BoardScreen',
);
export const JobBoardScreen = lazyRouteComponent(
  () => import('../screens/boards/job-board-screen.tsx'),
  'JobBoardScreen',
);
export const RosteredBoardScreen = lazyRouteComponent(
  () => import('../screens/boards/rostered-board-screen.tsx'),
  'RosteredBoardScreen',
);
export const AnnouncementsScreen = lazyRouteComponent(
  () => import('../screens/directory/announcements-screen.tsx'),
  'AnnouncementsScreen',
);
export const CalendarEventsScreen = lazyRouteComponent(
  () => import('../screens/directory/calendar-events-screen.tsx'),
  'CalendarEventsScreen',
);
export const CalendarScreen = lazyRouteComponent(
  () => import('../screens/directory/calendar-screen.tsx'),
  'CalendarScreen',
);
export const CustomersScreen = lazyRouteComponent(
  () => import('../screens/directory/customers-screen.tsx'),
  'CustomersScreen',
);
export const EventsScreen = lazyRouteComponent(
  () => import('../screens/directory/events-screen.tsx'),
  'EventsScreen',
);
export const GroupEventsScreen = lazyRouteComponent(
  () => import('../screens/directory/group-events-screen.tsx'),
  'GroupEventsScreen',
);
export const ProjectTasksScreen = lazyRouteComponent(
  () => import('../screens/directory/project-tasks-screen.tsx'),
  'ProjectTasksScreen',
);
export const ResourcesScreen = lazyRouteComponent(
  () => import('../screens/directory/resources-screen.tsx'),
  'ResourcesScreen',
);
export const ExceptionDetail = lazyRouteComponent(
  () => import('../screens/exception-detail.tsx'),
  'ExceptionDetail',
);
export const HomeScreen = lazyRouteComponent(() => import('../screens/home/home-screen.tsx'), 'HomeScreen');
export const BookingsEntry = lazyRouteComponent(
  () => import('../screens/my-day/bookings-entry.tsx'),
  'BookingsEntry',
);
export const AnalyticsScreen = lazyRouteComponent(
  () => import('../screens/operations/analytics-screen.tsx'),
  'AnalyticsScreen',
);
export const EquipmentsScreen = lazyRouteComponent(
  () => import('../screens/operations/equipments-screen.tsx'),
  'EquipmentsScreen',
);
export const FormsScreen = lazyRouteComponent(
  () => import('../screens/operations/forms-screen.tsx'),
  'FormsScreen',
);
export const InvoicesScreen = lazyRouteComponent(
  () => import('../screens/operations/invoices-screen.tsx'),
  'InvoicesScreen',
);
export const MapsScreen = lazyRouteComponent(
  () => import('../screens/operations/maps-screen.tsx'),
  'MapsScreen',
);
export const PodsScreen = lazyRouteComponent(
  () => import('../screens/operations/pods-screen.tsx'),
  'PodsScreen',
);
export const QuotesScreen = lazyRouteComponent(
  () => import('../screens/operations/quotes-screen.tsx'),
  'QuotesScreen',
);
export const ReportsScreen = lazyRouteComponent(
  () => import('../screens/operations/reports-screen.tsx'),
  'ReportsScreen',
);
export const TimesheetsScreen = lazyRouteComponent(
  () => import('../screens/operations/timesheets-screen.tsx'),
  'TimesheetsScreen',
);
export const UploadsScreen = lazyRouteComponent(
  () => import('../screens/operations/uploads-screen.tsx'),
  'UploadsScreen',
);
export const VehicleRoutesScreen = lazyRouteComponent(
  () => import('../screens/operations/vehicle-routes-screen.tsx'),
  'VehicleRoutesScreen',
);
export const ResetScreen = lazyRouteComponent(() => import('../screens/reset.tsx'), 'ResetScreen');
export const MasterRosterScreen = lazyRouteComponent(
  () => import('../screens/roster/master-roster-screen.tsx'),
  'MasterRosterScreen',
);
export const SettingsScreen = lazyRouteComponent(
  () => import('../screens/settings/settings-screen.tsx'),
  'SettingsScreen',
);
export const ShiftsScreen = lazyRouteComponent(
  () => import('../screens/shifts/shifts-screen.tsx'),
  'ShiftsScreen',
);
export const SignInScreen = lazyRouteComponent(
  () => import('../screens/sign-in/sign-in-screen.tsx'),
  'SignInScreen',
);
export const TermsScreen = lazyRouteComponent(() => import('../screens/terms.tsx'), 'TermsScreen');
export const TimelineScreen = lazyRouteComponent(
  () => import('../screens/timeline/timeline-screen.tsx'),
  'TimelineScreen',
);
export const SchedulerScreen = lazyRouteComponent(
  () => import('../screens/week/scheduler-screen.tsx'),
  'SchedulerScreen',
);
export const WeekScreen = lazyRouteComponent(() => import('../screens/week/week-screen.tsx'), 'WeekScreen');
