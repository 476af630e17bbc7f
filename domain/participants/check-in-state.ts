/** A participant's check-in state for the table's filter: inside now, went out, never scanned. */
export const checkInStates = ["in", "out", "never"] as const;
export type CheckInState = (typeof checkInStates)[number];
