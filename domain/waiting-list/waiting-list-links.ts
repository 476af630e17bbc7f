/** The person's own page of a waiting-list entry: their request, their offer, leaving the line. */
export function waitingListEntryPath(accessToken: string): string {
  return `/waiting-list/${encodeURIComponent(accessToken)}`;
}
