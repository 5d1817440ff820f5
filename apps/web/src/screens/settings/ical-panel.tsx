/** The settings section listing, creating and revoking secret iCal feed URLs (issue #8); not built yet. */
export function IcalPanel() {
  return null;
}
