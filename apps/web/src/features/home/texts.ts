/** The home screen's words (issue 8 point 1). */
export const HOME_TEXT = {
  title: 'Home',
  today: 'Today',
  jobsToday: 'Bookings today',
  unassigned: 'Unassigned',
  conflicts: 'Conflicts',
  onShift: 'Resources on shift',
  onLeave: 'Resources on leave',
  byStatus: 'By status',
  noJobsToday: 'No bookings today.',
  numbersFailed: "Today's numbers could not be loaded.",
  feed: 'Recent activity',
  feedEmpty: 'Nothing has happened yet.',
  feedFailed: 'The activity could not be loaded.',
  older: 'Show older',
  isNew: 'New',
  newBooking: (name: string) => `New booking ${name}`,
  stateChange: (name: string, from: string | null, to: string) =>
    from ? `${name}: ${from} → ${to}` : `${name}: ${to}`,
  action: (a: string) => `by ${a}`,
  openBookings: 'Bookings',
};
