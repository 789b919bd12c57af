// What the guide ticks for each traveller at the meeting point; null until then. A file of its
// own because ./api.ts (the schemas) and ./guests.ts (which reads the API's Guest type) both need
// it: in either of them it would close an import circle.
export const checkInStates = ['present', 'no-show'] as const;
export type CheckInState = (typeof checkInStates)[number];
