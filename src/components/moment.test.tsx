import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Moment } from '~/components/moment';
import { formatMoment } from '#contracts/format';

const iso = '2026-03-12T14:05:00.000Z';

describe('Moment', () => {
  it('renders on the server in UTC, said so, whatever zone the server is in', () => {
    const html = renderToString(<Moment iso={iso} />);
    expect(html).toBe(`<time dateTime="${iso}">12 Mar 2026, 14:05 UTC</time>`);
  });

  it('hydrates that HTML without a mismatch, then shows the reader’s own zone', async () => {
    // act() outside Testing Library's render: React asks to be told it runs in a test.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Moment iso={iso} />);
    document.body.append(container);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Moment iso={iso} />, { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container.querySelector('time')).toHaveTextContent(formatMoment(iso));
    expect(container.querySelector('time')).toHaveAttribute('dateTime', iso);
    container.remove();
  });
});
