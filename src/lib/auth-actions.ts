// What a person does with their account (sign in, sign up, reset, resend the verification email)
// and the console's fresh look at the staff role. Apart from ~/lib/auth, which every page loads
// with the site's shell: only the account page, the unverified-address note and the console need
// these (scripts/bench-js.ts holds the home page's code to 10 KiB).
import { authSdk, publishRole, withStateChangesHeld } from '~/lib/auth';
import type { StaffRole } from '#contracts/roles';

// The console's pages ask the identity provider for a fresh token on entry, so a claim granted
// with `npm run admin -- grant <email>` counts without signing out and in again. Rejects when
// the provider cannot be reached; null for a traveller or when nobody is signed in.
export async function refreshStaffRole(): Promise<StaffRole | null> {
  const { sdk, auth } = await authSdk();
  // A server-rendered page can ask before the SDK has read its stored user.
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return null;
  const result = await sdk.getIdTokenResult(user, true);
  const known = publishRole(auth, user.uid, result.claims);
  return known.status === 'known' ? known.role : null;
}

export async function signInWithEmail(email: string, password: string) {
  const { sdk, auth } = await authSdk();
  await sdk.signInWithEmailAndPassword(auth, email, password);
}

export async function signUpWithEmail(name: string, email: string, password: string) {
  const { sdk, auth } = await authSdk();
  await withStateChangesHeld(auth, async () => {
    const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
    await sdk.updateProfile(user, { displayName: name });
    // Until the address is verified the server sends it only a few emails, without the name
    // (server/src/mail/outbox.ts). A refusal here (a quota) does not undo the sign-up: the
    // bookings pages offer to send it again.
    await sdk.sendEmailVerification(user).catch(() => undefined);
    await sdk.signOut(auth);
  });
}

// The "Resend" button of the unverified-address note (~/components/verify-email-note.tsx).
export async function resendEmailVerification(): Promise<void> {
  const { sdk, auth } = await authSdk();
  if (!auth.currentUser) throw new Error('Not signed in.');
  await sdk.sendEmailVerification(auth.currentUser);
}

// The address confirmed in another tab or the email app: the SDK's user still says unverified
// until it is read again, and so does its ID token until it is refreshed. Asks the identity
// provider (one request), and when the address is now confirmed takes a fresh token (the server
// and the session cookie see it) and tells the app. True when confirmed.
export async function refreshEmailVerified(): Promise<boolean> {
  const { sdk, auth } = await authSdk();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return false;
  if (user.emailVerified) return true;
  let confirmed = false;
  // A reload changes the SDK's user object without an auth-state event: held, then the app sees
  // whoever is signed in, as read again.
  await withStateChangesHeld(auth, async () => {
    await sdk.reload(user);
    if (!user.emailVerified) return;
    await user.getIdToken(true);
    confirmed = true;
  });
  return confirmed;
}

// Deleting an account wants a recent sign-in (the server: within 5 minutes). Signs the same person
// in again where they are: with their password, or with Google for a Google account (a popup).
// The fresh token that follows carries the new sign-in time. Rejects with the SDK's error
// (auth/invalid-credential for a wrong password, auth/popup-closed-by-user...).
export async function reauthenticate(password: string | null): Promise<void> {
  const { sdk, auth } = await authSdk();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw new Error('Not signed in.');
  if (password !== null && user.email) {
    await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, password));
  } else {
    await sdk.reauthenticateWithPopup(user, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
  }
  await user.getIdToken(true);
}

export async function signInWithGoogle() {
  const { sdk, auth } = await authSdk();
  await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider(), sdk.browserPopupRedirectResolver);
}

export async function sendPasswordReset(email: string) {
  const { sdk, auth } = await authSdk();
  await sdk.sendPasswordResetEmail(auth, email);
}
