import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { CODE, type ShellScreen } from './route-code.ts';

/*
 * Every screen is its own chunk, fetched when its route is first entered (or ahead, by boot.ts):
 * sign-in and a worker's day do not load the timeline, the boards or the charts (issue 17,
 * docs/performance.md). The shell (menu, top bar, panels) comes with the first screen inside it,
 * so the sign-in page goes without.
 */
export const ShellLayout = lazyRouteComponent(CODE.ShellLayout, 'ShellLayout');
export const BidBoardScreen = lazyRouteComponent(CODE.BidBoardScreen, 'BidBoardScreen');
export const BoardScreen = lazyRouteComponent(CODE.BoardScreen, 'BoardScreen');
export const JobBoardScreen = lazyRouteComponent(CODE.JobBoardScreen, 'JobBoardScreen');
export const RosteredBoardScreen = lazyRouteComponent(CODE.RosteredBoardScreen, 'RosteredBoardScreen');
export const AnnouncementsScreen = lazyRouteComponent(CODE.AnnouncementsScreen, 'AnnouncementsScreen');
export const CalendarEventsScreen = lazyRouteComponent(CODE.CalendarEventsScreen, 'CalendarEventsScreen');
export const CalendarScreen = lazyRouteComponent(CODE.CalendarScreen, 'CalendarScreen');
export const CustomersScreen = lazyRouteComponent(CODE.CustomersScreen, 'CustomersScreen');
export const EventsScreen = lazyRouteComponent(CODE.EventsScreen, 'EventsScreen');
export const GroupEventsScreen = lazyRouteComponent(CODE.GroupEventsScreen, 'GroupEventsScreen');
export const ProjectTasksScreen = lazyRouteComponent(CODE.ProjectTasksScreen, 'ProjectTasksScreen');
export const ResourcesScreen = lazyRouteComponent(CODE.ResourcesScreen, 'ResourcesScreen');
export const ExceptionDetail = lazyRouteComponent(CODE.ExceptionDetail, 'ExceptionDetail');
export const HomeScreen = lazyRouteComponent(CODE.HomeScreen, 'HomeScreen');
export const BookingsEntry = lazyRouteComponent(CODE.BookingsEntry, 'BookingsEntry');
export const AnalyticsScreen = lazyRouteComponent(CODE.AnalyticsScreen, 'AnalyticsScreen');
export const EquipmentsScreen = lazyRouteComponent(CODE.EquipmentsScreen, 'EquipmentsScreen');
export const FormsScreen = lazyRouteComponent(CODE.FormsScreen, 'FormsScreen');
export const InvoicesScreen = lazyRouteComponent(CODE.InvoicesScreen, 'InvoicesScreen');
export const MapsScreen = lazyRouteComponent(CODE.MapsScreen, 'MapsScreen');
export const PodsScreen = lazyRouteComponent(CODE.PodsScreen, 'PodsScreen');
export const QuotesScreen = lazyRouteComponent(CODE.QuotesScreen, 'QuotesScreen');
export const ReportsScreen = lazyRouteComponent(CODE.ReportsScreen, 'ReportsScreen');
export const TimesheetsScreen = lazyRouteComponent(CODE.TimesheetsScreen, 'TimesheetsScreen');
export const UploadsScreen = lazyRouteComponent(CODE.UploadsScreen, 'UploadsScreen');
export const VehicleRoutesScreen = lazyRouteComponent(CODE.VehicleRoutesScreen, 'VehicleRoutesScreen');
export const ResetScreen = lazyRouteComponent(CODE.ResetScreen, 'ResetScreen');
export const ConfirmScreen = lazyRouteComponent(CODE.ConfirmScreen, 'ConfirmScreen');
export const MasterRosterScreen = lazyRouteComponent(CODE.MasterRosterScreen, 'MasterRosterScreen');
export const SettingsScreen = lazyRouteComponent(CODE.SettingsScreen, 'SettingsScreen');
export const ShiftsScreen = lazyRouteComponent(CODE.ShiftsScreen, 'ShiftsScreen');
export const SignInScreen = lazyRouteComponent(CODE.SignInScreen, 'SignInScreen');
export const TermsScreen = lazyRouteComponent(CODE.TermsScreen, 'TermsScreen');
export const TimelineScreen = lazyRouteComponent(CODE.TimelineScreen, 'TimelineScreen');
export const SchedulerScreen = lazyRouteComponent(CODE.SchedulerScreen, 'SchedulerScreen');
export const WeekScreen = lazyRouteComponent(CODE.WeekScreen, 'WeekScreen');
export const PlannerScreen = lazyRouteComponent(CODE.PlannerScreen, 'PlannerScreen');

/** Each screen's route component by name (route-code.ts says which path shows which). */
export const SCREEN_COMPONENTS: Record<ShellScreen, RouteComponent> = {
  BidBoardScreen,
  BoardScreen,
  JobBoardScreen,
  RosteredBoardScreen,
  AnnouncementsScreen,
  CalendarEventsScreen,
  CalendarScreen,
  CustomersScreen,
  EventsScreen,
  GroupEventsScreen,
  ProjectTasksScreen,
  ResourcesScreen,
  ExceptionDetail,
  HomeScreen,
  BookingsEntry,
  AnalyticsScreen,
  EquipmentsScreen,
  FormsScreen,
  InvoicesScreen,
  MapsScreen,
  PodsScreen,
  QuotesScreen,
  ReportsScreen,
  TimesheetsScreen,
  UploadsScreen,
  VehicleRoutesScreen,
  MasterRosterScreen,
  SettingsScreen,
  ShiftsScreen,
  TimelineScreen,
  SchedulerScreen,
  WeekScreen,
  PlannerScreen,
};
