import { useRef } from 'react';
import type { Blocker } from 'react-router';
import { Dialog, DialogDescription, DialogTitle } from '~/components/dialog';

// Asked when someone leaves an editor with changes not saved (use-unsaved-changes.ts). "Stay" is
// focused first: the safe answer is the one a stray Enter gives. It comes last, as the main answer
// of every console dialog does: at the right, or on top on a phone (admin.css).
export function LeaveUnsavedDialog({ blocker }: { blocker: Blocker }) {
  const stay = useRef<HTMLButtonElement>(null);
  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog className="admin-dialog" onClose={() => blocker.reset()} initialFocus={stay}>
      <div className="admin-dialog__form">
        <DialogTitle className="admin-dialog__title">Leave without saving?</DialogTitle>
        <DialogDescription as="p" className="admin-dialog__text">
          Your changes to this package are not saved yet.
        </DialogDescription>
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline-danger" onClick={() => blocker.proceed()}>
            Leave without saving
          </button>
          <button ref={stay} type="button" className="button button--primary" onClick={() => blocker.reset()}>
            Stay and save
          </button>
        </div>
      </div>
    </Dialog>
  );
}
