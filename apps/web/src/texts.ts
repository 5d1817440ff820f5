/**
 * The web app's own texts: what the spec does not quote (it says what happens, not the words).
 * Every text the spec does quote comes from `@rostra/core/shell/messages` instead; nothing here
 * repeats one of those.
 */

/** Toasts of the HTTP client for failures that no screen handles itself (spec §7: "with hints"). */
export const HTTP_FAILURE_TEXT = {
  offline: {
    title: 'You are offline',
    hint: 'Check your Wi-Fi or mobile data. Rostra tries again when you are back online.',
  },
  cors: {
    title: 'The browser blocked a request to the Rostra API',
    hint: 'The API address may be wrong, or a browser extension may be blocking it.',
  },
  'connection-reset': {
    title: 'The connection to Rostra was interrupted',
    hint: 'A proxy or VPN may be closing connections. Try again in a moment.',
  },
  firewall: {
    title: 'A firewall or proxy refused the request',
    hint: 'Ask your IT team to allow this site and its /api addresses.',
  },
  network: {
    title: 'Rostra could not be reached',
    hint: 'Check your connection and that the address resolves (DNS). A filter may be blocking the API.',
  },
  server: {
    title: 'The server could not complete the request',
    hint: 'It has been reported. Try again in a moment.',
  },
} as const;

export const SHELL_TEXT = {
  appName: 'Rostra',
  mainNavigation: 'Main menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  collapseMenu: 'Collapse menu',
  expandMenu: 'Expand menu',
  search: 'Search',
  scanBarcode: 'Scan a barcode image',
  notifications: 'Notifications',
  newNotifications: 'Notifications, new items',
  whatsNew: "What's New",
  help: 'Help',
  online: 'Online',
  offline: 'Offline',
  profile: 'Profile',
  changePhoto: 'Change photo',
  switchCompany: 'Switch company or role',
  barcodeScanner: 'Barcode scanner',
  signOut: 'Sign out',
  version: 'Version',
  company: 'Company',
  role: 'Role',
  noNotifications: 'You have no notifications.',
  notificationsFailed: 'Your notifications could not be loaded.',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  noReleaseNotes: 'No release notes have been published yet.',
  noBroadcasts: 'There are no announcements.',
  announcements: 'Announcements',
  close: 'Close',
  cancel: 'Cancel',
  submit: 'Submit',
  save: 'Save',
  comingLater: 'This screen is coming in a later release.',
  comingLaterHint:
    'The menu entry is switched on for your organisation, but its screen has not been built yet.',
  skipToContent: 'Skip to content',
  companyLogo: 'Company logo',
  changeLogo: 'Change logo',
  editGeofence: 'Edit geofence',
  exceptionDetail: 'Exception report',
  noExceptions: 'There are no exceptions in the current report.',
} as const;

/** Role labels of the profile menu; the dispatcher role is captioned "scheduler" (spec §1). */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  dispatcher: 'Scheduler',
  scheduler: 'Scheduler',
  resource: 'Resource',
  customer: 'Customer',
};

/** Sign-in screens: headings, buttons and explanations the spec leaves to us. */
export const SIGN_IN_SCREEN_TEXT = {
  signIn: 'Sign in',
  email: 'Email',
  next: 'Next',
  password: 'Password',
  newPassword: 'New password',
  name: 'Full name',
  createAccount: 'Create account',
  createAccountIntro: 'There is no account with this email yet. Create one to continue.',
  notYou: 'Change',
  emailLinkInstead: 'Email me a sign-in link instead',
  sendLink: 'Send sign-in link',
  linkSent: 'Check your email',
  linkSentBody: (email: string) => `We sent a sign-in link to ${email}. Open it on this device to sign in.`,
  confirmEmailTitle: 'Confirm your email',
  confirmEmailBody:
    'This link was opened on a different device or browser from the one it was requested on. Enter the email address it was sent to, to finish signing in.',
  confirm: 'Confirm',
  linkMismatch: 'The email address you entered is not the one this link was sent to.',
  federated: (name: string) => `Sign in with ${name}`,
  unsupportedTitle: 'This sign-in method is not available here',
  unsupportedBody: (providers: string) =>
    `This account signs in with ${providers}, which this app does not offer. Reset your password to sign in with your email instead.`,
  resetPassword: 'Reset password',
  phone: 'Sign in with phone',
  phoneNumber: 'Phone number',
  country: 'Country',
  sendCode: 'Send code',
  codeTitle: 'Enter the code',
  codeSentTo: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  code: '6-digit code',
  verify: 'Verify',
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} s`,
  resend: 'Resend code',
  changeNumber: 'Change number',
  guest: 'Continue as guest',
  haveAccount: 'I already have an account',
  guestTitle: 'You are signed in as a guest',
  guestBody:
    'Guests are not members of an organisation, so there is nothing to show yet. Create an account to keep your place, or sign out.',
  or: 'or',
  backToSignIn: 'Back to sign in',
  recoverTitle: 'Recover your password',
  recoverIntro: 'Enter your email and we will send you a link to choose a new password.',
  recoverSent: (email: string) => `If ${email} has an account, a link to reset the password is on its way.`,
  newPasswordTitle: 'Choose a new password',
  passwordChanged: 'Password changed',
  passwordChangedBody: 'You can now sign in with your new password.',
  resetFailedTitle: 'Try resetting your password again',
  tokenTitle: 'Confirm it is you',
  companyEmailOrPhone: 'Company email or phone number',
  signOut: 'Sign out',
  termsTitle: 'Terms of use',
  termsBody: (version: string) => `To use Rostra, please accept the terms of use (version ${version}).`,
  acceptTerms: 'I accept',
  save: 'Save password',
} as const;

export const SHELL_EXTRA_TEXT = {
  switchTitle: 'Switch company or role',
  switchIntro: 'Choose where to work. Only your own account can be switched.',
  switchTo: 'Company and role',
  switchEmail: 'Your email',
  switchOwnOnly: 'You can only switch your own account.',
  switchSubmit: 'Switch',
  current: 'current',
  logoPreviewAlt: 'The new logo',
  geofenceTitle: 'Company geofence',
  geofenceIntro: 'The area around the company address where check-ins count as on site.',
  latitude: 'Latitude',
  longitude: 'Longitude',
  radius: 'Radius (metres)',
  latitudeInvalid: 'Enter a latitude between -90 and 90.',
  longitudeInvalid: 'Enter a longitude between -180 and 180.',
  radiusInvalid: 'Enter a radius above 0 metres.',
  mapLabel: 'Map of the geofence: click to move its centre',
  mapNoTiles: 'Map background not configured: the grid shows 100 m squares.',
  helpTitle: 'Help',
  helpSections: [
    {
      title: 'Getting around',
      body: 'The menu on the left lists the screens your organisation uses. On a phone, open it with the menu button at the top left.',
    },
    {
      title: 'Keyboard',
      body: 'Tab moves between controls; Enter or Space activates them; Escape closes a menu, panel or dialog.',
    },
    {
      title: 'Notifications',
      body: 'A dot on the bell means something new arrived since you last looked. Opening the list clears it.',
    },
    {
      title: 'Offline',
      body: 'The indicator at the top shows whether Rostra can reach the server. Changes need a connection.',
    },
  ],
  exceptionUnavailable: 'The exception report is not available yet.',
  booking: 'Booking',
  expected: 'Expected status',
  currentState: 'Current status',
  since: 'Since',
  photoAlt: (name: string) => `Photo of ${name}`,
  guestName: 'Guest',
  whatsNewVersion: (version: string) => `Version ${version}`,
  released: 'Released',
} as const;
