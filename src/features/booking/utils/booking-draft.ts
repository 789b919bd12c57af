import type { BookingFormValues } from '~/features/booking/components/booking-form';

// What a traveller has typed into a package's booking form and not sent yet, kept in the tab's
// session storage: it survives a reload, and a sign-out in another tab that sends this one to the
// login page, and is cleared once the booking is stored. Per package, per tab, never on a server.
export type BookingDraft = { values: BookingFormValues; travellers: string; departureId: string | null };

const keyFor = (packageId: string) => `wayfarer:booking-draft:${packageId}`;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the form works, the draft is not kept.
    return null;
  }
}

export function readDraft(packageId: string): BookingDraft | null {
  try {
    const raw = storage()?.getItem(keyFor(packageId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<BookingDraft> | null;
    const v = draft?.values;
    if (!v || ![v.name, v.author, v.address, v.phone].every(isText) || !isText(draft.travellers)) return null;
    const departureId = isText(draft.departureId) ? draft.departureId : null;
    return {
      values: { name: v.name, author: v.author, address: v.address, phone: v.phone },
      travellers: draft.travellers,
      departureId,
    };
  } catch {
    return null;
  }
}

export function saveDraft(packageId: string, draft: BookingDraft) {
  try {
    storage()?.setItem(keyFor(packageId), JSON.stringify(draft));
  } catch {
    // Full or blocked: nothing to do, the values are still on screen.
  }
}

export function clearDraft(packageId: string) {
  try {
    storage()?.removeItem(keyFor(packageId));
  } catch {
    // As above.
  }
}
