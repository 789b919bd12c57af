import { render } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { typedFields, useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';

// A form as the server sent it: values in attributes, as React renders them.
function serverForm() {
  const form = document.createElement('form');
  form.innerHTML = `
    <input name="subject" value="">
    <input name="kept" value="as rendered">
    <textarea name="body"></textarea>
    <input type="radio" name="date" value="a" checked>
    <input type="radio" name="date" value="b">
    <input type="checkbox" name="agree" value="yes">
    <select name="status"><option value="all" selected>All</option><option value="cancelled">Cancelled</option></select>
    <input value="no name">`;
  return form;
}

describe('typedFields', () => {
  it('names only what changed since the page was rendered', () => {
    const form = serverForm();
    expect(typedFields(form)).toEqual([]);
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    field('subject').value = 'Ferry times';
    (form.elements.namedItem('body') as HTMLTextAreaElement).value = 'Pier 3';
    (form.querySelector('input[value="b"]') as HTMLInputElement).checked = true;
    field('agree').checked = true;
    (form.elements.namedItem('status') as HTMLSelectElement).value = 'cancelled';
    (form.querySelector('input:not([name])') as HTMLInputElement).value = 'typed';
    expect(typedFields(form)).toEqual([
      ['subject', 'Ferry times'],
      ['body', 'Pier 3'],
      ['date', 'b'],
      ['agree', 'yes'],
      ['status', 'cancelled'],
    ]);
  });
});

describe('useTypedBeforeHydration', () => {
  it('a form the browser renders itself takes nothing over', () => {
    const taken: string[] = [];
    function Form() {
      const ref = useRef<HTMLFormElement>(null);
      const [value, setValue] = useState('rendered');
      useTypedBeforeHydration(ref, (name, v) => taken.push(`${name}=${v}`));
      return (
        <form ref={ref}>
          <input name="subject" value={value} onChange={(e) => setValue(e.target.value)} />
        </form>
      );
    }
    render(<Form />);
    expect(taken).toEqual([]);
  });
});
