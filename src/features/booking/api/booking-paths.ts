// The booking API's read paths: used by the API calls in the browser and by the pages' loaders on
// the server (src/routes/*.tsx, ~/lib/page-data), which must name the same answers.
export const bookingsPath = '/api/bookings';
export const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;
