import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';

type DialogProps = {
  // The dialog asks to close: Escape, or the browser closed it. A Cancel button inside calls the
  // same function. Unmount the dialog to close it: it is open while it is mounted.
  onClose: () => void;
  // While true, Escape waits (the answer to a request in flight must be seen) and aria-busy is set.
  busy?: boolean;
  // Focused once open; without it the browser focuses the first focusable element inside.
  initialFocus?: RefObject<HTMLElement | null>;
  // Where focus goes on close when the element that opened the dialog is gone (the button a
  // cancelled booking had, say). Without it focus goes nowhere in particular: the caller decides.
  returnFocusId?: string;
  className?: string;
  children: ReactNode;
};

type DialogContextValue = {
  titleId: string;
  descriptionId: string;
  setDescribed: (described: boolean) => void;
};

const DialogContext = createContext<DialogContextValue | null>(null);

function useDialogContext(part: string): DialogContextValue {
  const context = useContext(DialogContext);
  if (!context) throw new Error(`${part} belongs inside a <Dialog>.`);
  return context;
}

// A native modal <dialog> opened with showModal(): the browser makes the page behind it inert
// (focus and the screen reader's cursor stay inside) and puts it above everything. This adds what
// the element does not do alone: Escape goes through onClose (and can wait while busy), focus
// starts where asked and returns to the opener, and the title names it (DialogTitle).
// docs/decisions/044-native-dialog.md says why no library.
export function Dialog({
  onClose,
  busy = false,
  initialFocus,
  returnFocusId,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Set once unmounted, so the close event that follows our own close() is not a second close.
  const gone = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  const [described, setDescribed] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Children's effects ran already but focus nothing: this is still the element that opened it.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    gone.current = false;
    return () => {
      gone.current = true;
      if (dialog.open) dialog.close();
      const target = opener?.isConnected
        ? opener
        : returnFocusId
          ? document.getElementById(returnFocusId)
          : null;
      target?.focus();
    };
    // Opened once per mount; the refs and the id do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const requestClose = () => {
    if (!busy) onClose();
  };

  return (
    <DialogContext.Provider value={{ titleId, descriptionId, setDescribed }}>
      <dialog
        ref={ref}
        className={className}
        aria-labelledby={titleId}
        aria-describedby={described ? descriptionId : undefined}
        aria-busy={busy || undefined}
        // Escape asks to close; the dialog closes when its owner unmounts it.
        onCancel={(event) => {
          event.preventDefault();
          requestClose();
        }}
        // Escape handled here too, the same way, where a browser has no cancel event to give.
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          requestClose();
        }}
        // The browser may close it anyway (a second Escape with no click between): keep the owner in step.
        onClose={() => {
          if (!gone.current) onClose();
        }}
      >
        {children}
      </dialog>
    </DialogContext.Provider>
  );
}

// The dialog's name: every Dialog has one.
export function DialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  const { titleId } = useDialogContext('DialogTitle');
  return (
    <h2 id={titleId} className={className}>
      {children}
    </h2>
  );
}

type DialogDescriptionProps = HTMLAttributes<HTMLElement> & { as?: 'p' | 'div' };

// What the dialog is about, read after its name when it opens. Optional.
export function DialogDescription({ as: Tag = 'div', ...props }: DialogDescriptionProps) {
  const { descriptionId, setDescribed } = useDialogContext('DialogDescription');
  useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return <Tag {...props} id={descriptionId} />;
}
