import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogDescription, DialogTitle } from '~/components/dialog';

function Page({
  busy = false,
  onClose,
  described = true,
}: {
  busy?: boolean;
  onClose?: () => void;
  described?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      {removed ? null : (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <p id="fallback" tabIndex={-1}>
        Fallback
      </p>
      {open ? (
        <Dialog onClose={close} busy={busy} initialFocus={keep} returnFocusId="fallback">
          <DialogTitle>Leave the page?</DialogTitle>
          {described ? <DialogDescription as="p">What you typed stays.</DialogDescription> : null}
          <button type="button" onClick={() => setRemoved(true)}>
            Remove the opener
          </button>
          <button ref={keep} type="button" onClick={close}>
            Cancel
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a modal named by its title, described by its description, with focus where asked', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave the page?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('What you typed stays.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('has no description it does not show', async () => {
    const user = userEvent.setup();
    render(<Page described={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-describedby');
  });

  it('closes on Escape and on Cancel, and focus returns to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });

    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks to close on the cancel event a browser fires for Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const cancel = new Event('cancel', { cancelable: true });
    screen.getByRole('dialog').dispatchEvent(cancel);
    // The dialog stays open until its owner unmounts it: the browser does not close it alone.
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('waits on Escape while busy', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page busy onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends focus to the given element when the opener is gone', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Remove the opener' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Fallback')).toHaveFocus();
  });

  it('keeps the owner in step when the browser closes it anyway', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    expect(onClose).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
