// Departure dates are calendar dates (ISO YYYY-MM-DD), compared in UTC: one brand, one calendar.
// Shared by the browser and the server; no path alias here: the server imports this file directly.
export const todayIso = (now = new Date()) => now.toISOString().slice(0, 10);

export const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

// Whole days from `from` to `to` (negative when `to` is earlier).
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && todayIso(new Date(`${value}T00:00:00Z`)) === value;
