import { useCallback, useEffect, useState } from 'react';

// One short line that says what an action did, read out by screen readers (role="status") and
// cleared after a while so an old message is never mistaken for a new one.
// It is also cleared as soon as the operator types into any field: the line is sticky (admin.css)
// and on a phone it would otherwise sit over the next form they work in, such as the manifest's
// message. Typing, not focus: some forms put focus back in their first field after saving, and
// that must not wipe the message that says the save worked.
export function useFlash(timeoutMs = 8000) {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const clear = () => setMessage('');
    const timer = setTimeout(clear, timeoutMs);
    document.addEventListener('input', clear, { once: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener('input', clear);
    };
  }, [message, timeoutMs]);
  const show = useCallback((text: string) => setMessage(text), []);
  return { message, show };
}
