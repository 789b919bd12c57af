// Firebase custom claim that makes a user an operator (`npm run admin -- grant <email>`). A file of
// its own: every page's shell reads it (src/lib/auth.ts), and the rest of the console's contract
// (contracts/admin.ts) has no place in the home page's first JavaScript.
export const adminClaim = { role: 'admin' } as const;
