/** The resource's day on a phone (issue 9 point 6): our own texts. */
export const MY_DAY_TEXT = {
  title: 'My jobs',
  today: 'Today',
  upcoming: 'Upcoming',
  nothingToday: 'No jobs today.',
  nothingUpcoming: 'Nothing planned for the next days.',
  loadFailed: 'Your jobs could not be loaded',
  retry: 'Try again',
  offline: (when: string) => `You are offline. This is your list as it was at ${when}.`,
  offlineNoCopy: 'You are offline and no list has been loaded on this device yet.',
  refreshing: 'Updating…',
  open: (what: string) => `Open ${what}`,
  loadingJob: 'Opening the job…',
  navigate: 'Navigate',
  navigateTo: (address: string) => `Navigate to ${address}`,
  noAddress: 'No address',
  waiting: (n: number) =>
    n === 1 ? '1 timer event waiting to be sent' : `${n} timer events waiting to be sent`,
} as const;
