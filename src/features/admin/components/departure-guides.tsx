import { useEffect, useId, useState, type FormEvent } from 'react';
import type { GuideList } from '#contracts/staff';
import { listGuides, setDepartureGuides } from '~/features/admin/api/admin-api';

// Who leads this departure: the accounts with the guide role, ticked. A guide sees the
// departure's manifest and checks its travellers in from their phone (/guide).
export function DepartureGuides({ departureId, assigned }: { departureId: string; assigned: string[] }) {
  const [guides, setGuides] = useState<GuideList['guides'] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(assigned));
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const controller = new AbortController();
    listGuides(controller.signal).then(
      (data) => setGuides(data.guides),
      () => !controller.signal.aborted && setMessage('The guides could not be loaded.'),
    );
    return () => controller.abort();
  }, []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const departure = await setDepartureGuides(departureId, [...chosen]);
      setChosen(new Set(departure.guides ?? []));
      setMessage('Guides saved.');
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'The guides could not be saved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel admin-guides" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-panel__title">
        Guides
      </h2>
      {guides === null ? (
        <p className="admin-muted">{message || 'Loading the guides…'}</p>
      ) : guides.length === 0 ? (
        <p className="admin-muted">Nobody has the guide role yet: an owner gives it on the Team page.</p>
      ) : (
        <form onSubmit={(e) => void save(e)}>
          <ul className="admin-guides__list">
            {guides.map((g) => (
              <li key={g.uid}>
                <label className="admin-guides__choice">
                  <input
                    type="checkbox"
                    checked={chosen.has(g.uid)}
                    onChange={(e) => {
                      setMessage('');
                      setChosen((c) => {
                        const next = new Set(c);
                        if (e.target.checked) next.add(g.uid);
                        else next.delete(g.uid);
                        return next;
                      });
                    }}
                  />
                  {g.email ?? g.uid}
                </label>
              </li>
            ))}
          </ul>
          <button type="submit" className="button admin-button admin-button--confirm" disabled={busy}>
            {busy ? 'Saving…' : 'Save guides'}
          </button>
          <p className="admin-muted" role="status">
            {message}
          </p>
        </form>
      )}
    </section>
  );
}
