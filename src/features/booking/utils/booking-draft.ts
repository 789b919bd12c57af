// What a traveller has typed into a package's booking form and not sent yet, kept in the tab's
// session storage: it survives a reload, and a sign-out in another tab that sends this one to the
// login page, and is cleared once the booking is stored. Per account, per package, per tab, never
// on a server: on a shared computer the next account to sign in in this tab never sees the
// previous one's name, address and phone, and reading a draft drops every other account's.
// The booking form's text fields (booking-form.tsx), as typed: the draft is what it keeps.
export type BookingFormValues = { name: string; author: string; address: string; phone: string };

export type BookingDraft = { values: BookingFormValues; travellers: string; departureId: string | null };

const prefix = 'wayfarer:booking-draft:';
const keyFor = (owner: string, packageId: string) => `${prefix}${encodeURIComponent(owner)}:${packageId}`;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): the form works, the draft is not kept.
    return null;
  }
}

// Every stored draft that is not this account's goes.
function dropOthers(store: Storage, owner: string) {
  const own = `${prefix}${encodeURIComponent(owner)}:`;
  const others: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix) && !key.startsWith(own)) others.push(key);
  }
  for (const key of others) store.removeItem(key);
}

export function readDraft(owner: string, packageId: string): BookingDraft | null {
  try {
    const store = storage();
    if (!store) return null;
    dropOthers(store, owner);
    const raw = store.getItem(keyFor(owner, packageId));
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

export function saveDraft(owner: string, packageId: string, draft: BookingDraft) {
  try {
    storage()?.setItem(keyFor(owner, packageId), JSON.stringify(draft));
  } catch {
    // Full or blocked: nothing to do, the values are still on screen.
  }
}

export function clearDraft(owner: string, packageId: string) {
  try {
    storage()?.removeItem(keyFor(owner, packageId));
  } catch {
    // As above.
  }
}
