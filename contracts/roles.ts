// The staff's roles: the Firebase custom claim `role` (set from the console's staff screen or by
// `npm run admin -- grant <email>`). A file of its own: every page's shell reads it
// (src/lib/auth.ts), and the rest of the console's contract (contracts/admin.ts) has no place in
// the home page's first JavaScript.
export const staffRoles = ['owner', 'operator', 'guide'] as const;
export type StaffRole = (typeof staffRoles)[number];

// The one claim the first release knew: an all-powerful operator, read as an owner today.
export const legacyAdminRole = 'admin';

// The role a claim grants, or null for a traveller (no claim, or one this release does not know).
export function roleOf(claim: unknown): StaffRole | null {
  if (claim === legacyAdminRole) return 'owner';
  return (staffRoles as readonly unknown[]).includes(claim) ? (claim as StaffRole) : null;
}

// Who sees the console (/admin) and who the guide's screen (/guide).
export const isConsoleRole = (role: StaffRole | null) => role === 'owner' || role === 'operator';
