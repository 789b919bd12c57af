import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAsyncData } from '~/lib/use-async-data';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('useAsyncData', () => {
  it('loads per key; a newer key aborts the older load, whose late answer is dropped', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const signals: AbortSignal[] = [];
    const load = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return signals.length === 1 ? first.promise : second.promise;
    });
    const { result, rerender } = renderHook(({ k }) => useAsyncData(k, load), { initialProps: { k: 'a' } });
    expect(result.current.state).toEqual({ status: 'loading' });
    rerender({ k: 'b' });
    expect(signals[0]!.aborted).toBe(true);
    await act(async () => second.resolve('B'));
    await act(async () => first.resolve('A'));
    expect(result.current.state).toEqual({ status: 'success', data: 'B' });
  });

  it('retry shows the spinner again; refresh keeps the data shown, also when it fails', async () => {
    let answer: Promise<number> = Promise.resolve(1);
    const { result } = renderHook(() => useAsyncData('n', () => answer));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: 1 }));

    const slow = deferred<number>();
    answer = slow.promise;
    act(() => result.current.refresh());
    expect(result.current.state).toEqual({ status: 'success', data: 1 });
    await act(async () => slow.reject(new Error('offline')));
    expect(result.current.state).toEqual({ status: 'success', data: 1 });

    answer = Promise.resolve(2);
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: 2 }));

    const failing = deferred<number>();
    answer = failing.promise;
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    const error = new Error('down');
    await act(async () => failing.reject(error));
    expect(result.current.state).toEqual({ status: 'error', error });
  });

  it('shows initial data without loading, and updates data in place', async () => {
    const load = vi.fn(async () => [1]);
    const { result } = renderHook(() => useAsyncData('list', load, [0]));
    expect(result.current.state).toEqual({ status: 'success', data: [0] });
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.update((d) => [...d, 5]));
    expect(result.current.state).toEqual({ status: 'success', data: [0, 5] });
  });

  it('loads nothing for a null key', () => {
    const load = vi.fn(async () => 1);
    const { result } = renderHook(() => useAsyncData(null, load));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({ status: 'loading' });
  });
});
