// The public departures of a package: read by the booking form and the package page's loader
// (through ./departures-api.ts) and by the home page's cards, with React or without it
// (src/features/packages/islands/next-dates.ts). A module of its own: the island must not bring
// the API client, which brings the auth module and React.
export const departuresPath = (packageId: string) =>
  `/api/packages/${encodeURIComponent(packageId)}/departures`;
