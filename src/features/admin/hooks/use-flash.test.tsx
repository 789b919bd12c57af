import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Flash } from '~/features/admin/components/flash';
import { useFlash } from '~/features/admin/hooks/use-flash';

function Console() {
  const flash = useFlash();
  return (
    <>
      <Flash message={flash.message} />
      <button type="button" onClick={() => flash.show('Departure added.')}>
        Add
      </button>
      <label>
        Message
        <textarea />
      </label>
    </>
  );
}

describe('the console flash', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says what an action did, then clears after 8 s', () => {
    render(<Console />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status')).toHaveTextContent('Departure added.');
    act(() => vi.advanceTimersByTime(7900));
    expect(screen.getByRole('status')).toHaveTextContent('Departure added.');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('clears as soon as the operator types into another form, not when focus only moves there', () => {
    render(<Console />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const field = screen.getByLabelText('Message');
    act(() => field.focus());
    expect(screen.getByRole('status')).toHaveTextContent('Departure added.');
    fireEvent.input(field, { target: { value: 'Meet at 7' } });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the next message after typing cleared the last one', () => {
    render(<Console />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.input(screen.getByLabelText('Message'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status')).toHaveTextContent('Departure added.');
  });
});

describe('where the status line goes on a phone', () => {
  const at = (top: number, height = 48) =>
    ({ getBoundingClientRect: () => ({ top, height, bottom: top + height }) }) as unknown as Element;

  it('goes to the half of the screen away from the control just used', async () => {
    const { flashPlacement } = await import('~/features/admin/components/flash');
    // A check-in button low on the screen: the line goes to the top, not over the buttons.
    expect(flashPlacement(at(600), 740)).toBe('top');
    // Cancel pressed near the top: the line goes to the bottom, not over the list's header.
    expect(flashPlacement(at(120), 740)).toBe('bottom');
    expect(flashPlacement(null, 740)).toBe('bottom');
  });

  it('is placed when the message comes, from the focused control', () => {
    render(<Console />);
    const add = screen.getByRole('button', { name: 'Add' });
    add.getBoundingClientRect = () => ({ top: 700, height: 40, bottom: 740 }) as DOMRect;
    act(() => add.focus());
    fireEvent.click(add);
    expect(screen.getByRole('status')).toHaveAttribute('data-place', 'top');
  });
});
