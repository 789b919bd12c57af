import { useCallback, useEffect, useState } from 'react';

// One short line that says what an action did, read out by screen readers (role="status") and
// cleared after a while so an old message is never mistaken for a new one.
export function useFlash(timeoutMs = 8000) {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), timeoutMs);
    return () => clearTimeout(timer);
  }, [message, timeoutMs]);
  const show = useCallback((text: string) => setMessage(text), []);
  return { message, show };
}
